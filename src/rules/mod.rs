//! American Mahjong rules: tiles, racks, the Charleston, jokers. Pure: no I/O.
