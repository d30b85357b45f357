module loupe.local/loupe

go 1.19
