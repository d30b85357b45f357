/**
 * The ad and tracker hosts `browserSettings.blockAds` blocks: a short list of the largest ad networks
 * and trackers, not a full filter list (EasyList has tens of thousands of rules and cosmetic filters,
 * which this does not attempt). Every request to one of these hosts or its subdomains fails with
 * `net::ERR_BLOCKED_BY_CLIENT`, as under an ad blocker.
 */
export const AD_HOSTS: readonly string[] = [
  "doubleclick.net",
  "googlesyndication.com",
  "googleadservices.com",
  "google-analytics.com",
  "googletagmanager.com",
  "googletagservices.com",
  "adservice.google.com",
  "connect.facebook.net",
  "scorecardresearch.com",
  "quantserve.com",
  "taboola.com",
  "outbrain.com",
  "criteo.com",
  "criteo.net",
  "adnxs.com",
  "amazon-adsystem.com",
  "rubiconproject.com",
  "pubmatic.com",
  "openx.net",
  "casalemedia.com",
  "adsrvr.org",
  "moatads.com",
  "hotjar.com",
  "adform.net",
  "smartadserver.com",
  "yieldmo.com",
  "media.net",
  "bat.bing.com",
  "ads-twitter.com",
  "ads.linkedin.com",
];

/** The hosts as URL patterns for CDP `Network.setBlockedURLs`: each host and any subdomain of it. */
export function adBlockUrlPatterns(hosts: readonly string[] = AD_HOSTS): string[] {
  return hosts.flatMap((host) => [`*://${host}/*`, `*://*.${host}/*`]);
}
