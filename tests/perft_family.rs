//! Perft 1-3 of every preset of the wider family (rules reference section 6), from the start
//! and from one mid-game position string, as regression numbers. The start counts of
//! falkener, kowalski-10x11, museum-quintana, bell-8x7 and seega-rules-11x16 are those the
//! independent implementation of the rules reference gives; the mid-game positions are
//! reference case positions (`tests/data/family_cases.jsonl`) written as position strings,
//! so their history (and with it superko) starts at the string.

use std::sync::Arc;

use latrunculi::board::Bits;
use latrunculi::rules::{AnyRules, Game, Rules, perft, preset};
use latrunculi::with_width;

/// (preset, perft 1-3 from the start, a mid-game position string, its perft 1-3).
const TABLE: [(&str, [u64; 3], &str, [u64; 3]); 33] = [
    (
        "schadler-1994",
        [64, 4_032, 249_984],
        "MtMMm3/1mm4M/m2MmmmM/m1MtMm1t/7M/M7/M2MtM1M/1m2m3 w - 1 52",
        [40, 1_317, 54_228],
    ),
    (
        "locus-ludi-seneca",
        [64, 4_032, 249_984],
        "1M2m2M/1mmM1mM1/m2MmTm1/m1MM4/1mm1mMtM/mmMM3M/mMMmTmmm/mMMM1M2 w - 16 56",
        [34, 1_289, 45_344],
    ),
    (
        "locus-ludi-piso",
        [64, 4_032, 249_984],
        "M1M2m1m/M1MM1MMm/mMMM2Mm/m4Mm1/2M2m2/M2M3m/2M1m3/2mmmmMM w - 3 60",
        [34, 686, 23_441],
    ),
    (
        "museum-quintana",
        [32, 944, 37_796],
        "mmmmmmm1/mm2mM2/mm1m4/7m/m4m1M/2M1M3/M1MMM1M1/M1MM1MMM w - 10 40",
        [44, 2_509, 116_691],
    ),
    (
        "falkener",
        [120, 14_400, 1_747_658],
        "1m3m3m1m/m2m2m2mm1/m3m2mm1mm/m1mmmm1mm3/2m1m2m1m2/4m2m2m1/M4MM5/2MM3M2M1/2M2MM1MM1M/M1M3M1M1M1/1M4M1MM1M/MMM1M1M1M2M w - 45 74",
        [133, 17_272, 2_287_751],
    ),
    (
        "kowalski-10x11",
        [88, 7_348, 697_340],
        "10m/m10/M1MK6m/11/10M/5m5/M3mk2m2/9MM/10m/2M5M1M w - 1 70",
        [92, 7_630, 715_046],
    ),
    (
        "bell-8x7",
        [56, 3_080, 166_320],
        "5MK/MmMMmk1/1M2Mm1/3MmMm/1M1mMmm/mMM1Mm1/5M1/m2mm2 w - 0 54 +c3",
        [3, 23, 498],
    ),
    (
        "bell-8x8",
        [64, 4_032, 249_984],
        "MmMK2M1/m2M4/2M1m2M/m2kmm2/m4mmM/MM3m2/m7/MmM1M1MM b - 1 54",
        [23, 646, 15_491],
    ),
    (
        "seega-rules-6x6",
        [35, 1_190, 39_270],
        "M1MmMm/2mmMM/1m1mmM/mm2mM/2mmmM/M1MMMm w - 1 54",
        [6, 92, 565],
    ),
    (
        "seega-rules-6x7",
        [41, 1_640, 63_960],
        "MmMmMMm/mmmMM1M/MmMM1M1/MMmmMMM/mmmm1mM/mMmm1Mm b - 5 59",
        [3, 39, 237],
    ),
    (
        "seega-rules-6x8",
        [47, 2_162, 97_290],
        "mMMMMmMm/mmMM2MM/mMM1M1mm/mmMM4/MMMMMmmm/mmMmMmmm w - 1 66",
        [12, 85, 953],
    ),
    (
        "seega-rules-7x8",
        [55, 2_970, 157_410],
        "MmM1M2m/mmm4M/5M2/m3M2M/m2M1M1M/2m1m1M1/1mm2m1m w - 2 124",
        [30, 710, 19_691],
    ),
    (
        "seega-rules-8x8",
        [63, 3_906, 238_266],
        "mmmmMMmm/M2M1MmM/1mMMM2m/MM1mMMmm/M1M3Mm/m2M2Mm/mm3MmM/mMMMmMMM w - 0 82",
        [32, 417, 13_469],
    ),
    (
        "seega-rules-8x9",
        [71, 4_970, 342_930],
        "MMMMmmMmM/M1M2Mmmm/1M1MMMmmm/m5Mmm/m2mMMMmM/m1m2M3/M1M1MMMm1/MmmmmM1Mm w - 0 90",
        [35, 608, 20_976],
    ),
    (
        "seega-rules-9x10",
        [89, 7_832, 681_384],
        "MMmmM1MMmM/5m1Mmm/M2m1mMmmm/2m1mmMmmm/M3mmmm1m/2M3m1M1/2Mm5m/MM3m1M2/1MMmmMm1Mm w - 7 158",
        [35, 1_425, 49_203],
    ),
    (
        "seega-rules-10x10",
        [99, 9_702, 941_094],
        "mMmMmmmMMm/MM1MMmmMMm/m1m1m1mmMm/m2mm1mMMM/m1mM2mmMM/Mm3mM1Mm/Mmm4MMm/mM1M2MMMm/mmm2mMMMM/mM1MmmMmmM w - 0 118",
        [21, 752, 15_857],
    ),
    (
        "seega-rules-11x12",
        [131, 17_030, 2_196_870],
        "MmMMmMmMMMMm/Mmmmm1MMmMmM/MMMm1mM2m1M/MM1M2m1mmm1/M1MM1m1m1M1M/mmm2M1mm1Mm/mmm1mMmmMMMM/mm1M1mmmmmmM/MM1MmMMmmMmM/mMM2mmmmMmM/MMMMmmmMmmMM w - 0 150",
        [35, 1_462, 50_748],
    ),
    (
        "seega-rules-11x16",
        [175, 30_450, 5_267_850],
        "MMmmMmmmMMMmmmmm/MmMmmmmMMmmmmMmM/MMMMmmmmMMMmMMmM/MMMMMmMmMMmmMMMm/mmmmmM2mm1mmMMM/MMmmM1M3mMMMMm/MmMmMMm1Mm1mmmMM/MmMmMm4mmmmMM/MMMMMmm1MmMMmM1M/mMMMmMMM1mmmMmMM/mmMMMmmMmmMmmmMm w - 2 194",
        [20, 496, 9_614],
    ),
    (
        "kharebga-rules-6x6",
        [35, 1_190, 39_270],
        "Mmm1mm/M1mm1m/M3m1/Mm1m1m/3M1M/M1M1M1 w - 1 54",
        [23, 691, 15_630],
    ),
    (
        "kharebga-rules-6x7",
        [41, 1_640, 63_960],
        "mMM1MMM/m2m1m1/mmm1MMm/M1mm2m/MM3M1/m1mmMMm w - 0 60",
        [24, 642, 14_742],
    ),
    (
        "kharebga-rules-6x8",
        [47, 2_162, 97_290],
        "mMmMMmm1/MmmMmmMM/MmM1MmMM/MMM2Mmm/M2M1mMm/MMm1mmMm w - 3 54",
        [22, 181, 3_516],
    ),
    (
        "kharebga-rules-7x8",
        [55, 2_970, 157_410],
        "MMMMmmmm/mmmmmmMM/mM1M1mMm/MMm1MM1M/m1mmmMMM/mMmm1MMm/MMm1mmMM w - 2 62",
        [13, 199, 2_694],
    ),
    (
        "kharebga-rules-8x8",
        [63, 3_906, 238_266],
        "MmMmmmmm/MMMMMm1m/MMmmm1mM/mmmMm2m/MM1MMM1M/m1mm1mmm/mMmMmmMM/mMMMMMMm w - 0 70",
        [9, 206, 2_469],
    ),
    (
        "kharebga-rules-8x9",
        [71, 4_970, 342_930],
        "1M1mmmMmM/2mmm1MMM/MMMM2MMm/1Mmm1m1mm/MMmmm2MM/Mmmmm2mm/mmMmmmMMM/MmMMmmMmM w - 1 90",
        [22, 569, 12_791],
    ),
    (
        "kharebga-rules-9x10",
        [89, 7_832, 681_384],
        "Mm1M1M1M1M/mM4M1mm/mm1m1m1mmm/mmMM2M2m/mmMMm1MmMM/MmmmmM1MMm/mmMMmMMmmM/MMMMMmmmMM/mMMmmmMMMM w - 0 108",
        [39, 965, 37_020],
    ),
    (
        "kharebga-rules-10x10",
        [99, 9_702, 941_094],
        "mmMMmMMMmm/mmMMMmMMmm/MmmMmmMMMM/mMmMMmmM2/MMMMmMM2m/MmmmmM1M1m/MmMM2M1mm/mmmm1MMM2/mmmMMmMMmm/MmMmmmMmMm w - 8 124",
        [29, 442, 12_265],
    ),
    (
        "kharebga-rules-11x12",
        [131, 17_030, 2_196_870],
        "mmMMmmmmMMMm/MMmMMmmMmMmM/mmmmMmMmmmMm/mm1m1mMmMmmm/MMMMMM1MmMMm/mMm1MMMMMmMm/mmmMMmmMMmMm/MmmMMmMmmMmm/MMMMMMMMmMMM/mMMmMMMmmmMM/MmMmm1mmmMmm w - 0 138",
        [11, 92, 1_166],
    ),
    (
        "kharebga-rules-11x16",
        [175, 30_450, 5_267_850],
        "mMmmMmmmmmmMMMMM/mMmmMMMmmMMMmmMM/mMmmmmmmMmMmMMmm/MMmMm2mmmMMmMMm/MmMmmm1MMMmMmMmm/MMmmMMmM1MmMmmMM/mMmMmMMM2MmmmMM/MMmMmmm1MMMmmMmm/mMmmMmmmMmMMmMMM/MmMMMmmmmmmMMMmM/mmMMMMmmMMMmMMmm w - 2 182",
        [15, 205, 3_143],
    ),
    (
        "seega-5x5",
        [24, 552, 12_144],
        "mMMmm/1m1MM/M1M1M/mm1m1/mmMMM w - 2 32",
        [13, 95, 1_011],
    ),
    (
        "seega-7x7",
        [48, 2_256, 103_776],
        "MmmMmm1/M3m1m/Mm2mm1/Mmmm1mm/MMM2mM/M1MM1MM/MMmMMmm w - 2 68",
        [11, 246, 2_784],
    ),
    (
        "seega-9x9",
        [80, 6_320, 492_960],
        "mMMMMmmmM/mMmMmMMMm/mmMMm1MmM/MM1MMmmMm/mMM2mMMM/MMmmm1MMm/mMMmm1mmM/MMmmMmmmM/MmMmmMMMm w - 1 88",
        [10, 104, 1_121],
    ),
    (
        "kharebga-5x5",
        [24, 552, 12_144],
        "mmmmm/mMMMM/Mm1Mm/M1mMM/mmmMM w - 6 32",
        [3, 11, 82],
    ),
    (
        "kharebga-7x7",
        [48, 2_256, 103_776],
        "MmmMMMM/mmmMMMm/Mm1MmmM/m1m2MM/MM3mm/mmmM1MM/mM1mMmm w - 0 56",
        [17, 308, 5_326],
    ),
];

fn counts<B: Bits>(rules: Arc<Rules<B>>, fen: Option<&str>) -> [u64; 3] {
    let game = match fen {
        None => Game::new(rules),
        Some(f) => Game::from_fen(rules, f).unwrap(),
    };
    [1, 2, 3].map(|d| perft::perft(&mut game.clone(), d))
}

#[test]
fn every_family_preset_counts_as_before_from_the_start_and_in_mid_game() {
    for (name, start, fen, mid) in TABLE {
        let rules = AnyRules::new(preset(name).unwrap()).unwrap();
        assert_eq!(
            with_width!(rules.clone(), r => counts(r, None)),
            start,
            "{name} start"
        );
        assert_eq!(
            with_width!(rules, r => counts(r, Some(fen))),
            mid,
            "{name} {fen}"
        );
    }
}

#[test]
fn the_table_covers_every_family_preset() {
    let names: Vec<&str> = TABLE.iter().map(|t| t.0).collect();
    assert_eq!(names, latrunculi::rules::PRESETS[5..]);
}
