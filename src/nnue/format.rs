//! The net file: a small binary format, little-endian throughout.
//!
//! ```text
//! magic     8 bytes  "LATRNNUE"
//! version   u32      3 (2: before the evaluation kind, read as kind 0; 1: before the
//!                    mid-turn feature as well, read with its weights 0)
//! hidden    u32      first-layer outputs per perspective (must be HIDDEN)
//! features  u32      inputs per perspective
//! rows cols u16 u16  the board
//! digest    u64      the ruleset's digest (what it is, not what it is called)
//! kind      u32      bit 0 clear: the net's output is the evaluation; set: it is added to
//!                    the formula's; bit 1: the net values the placement planner's playouts
//! name      u16 length + UTF-8: the ruleset's name
//! header    u32 length + UTF-8: free-text provenance
//! weights   i16 x features*hidden, i16 x hidden, i16 x 2*hidden; i32 output bias
//! checksum  u64      FNV-1a of every byte before it
//! ```
//!
//! Reading checks every field and returns a [`NetError`] that says what is wrong; it never
//! panics, whatever the bytes.

use std::fmt;

use super::HIDDEN;
use super::features::{EXTRAS, KINDS, MID_TURN_BIT};
use super::infer::MAX_OUT_WEIGHT;
use super::net::{Header, Net, fnv1a};

pub const MAGIC: &[u8; 8] = b"LATRNNUE";
pub const VERSION: u32 = 3;
/// The version before the evaluation kind: its nets evaluate alone (kind 0).
const VERSION_BEFORE_KIND: u32 = 2;
/// The version before the mid-turn feature: it reads as this one, the feature weighing 0,
/// so that its nets evaluate as they did.
const VERSION_BEFORE_MID_TURN: u32 = 1;
/// The largest board a net can be for (the wide bit set's 256 cells).
const MAX_CELLS: usize = 256;

/// Why a net cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with the magic bytes.
    NotANet,
    UnsupportedVersion {
        found: u32,
        supported: u32,
    },
    /// The file ends inside `what`.
    Truncated {
        what: &'static str,
    },
    /// Bytes after the checksum.
    TrailingBytes(usize),
    /// The checksum does not match the contents.
    Corrupt,
    BadText {
        what: &'static str,
    },
    /// A size that does not fit this build or this ruleset.
    WrongSize {
        what: &'static str,
        net: usize,
        expected: usize,
    },
    /// A weight outside the range the integer inference allows.
    OutOfRange {
        what: &'static str,
        value: i32,
    },
    /// The net is for another board size.
    WrongBoard {
        net: (u16, u16),
        ruleset: (u16, u16),
    },
    /// The net is for other rules (named by the net and by the ruleset).
    WrongRuleset {
        net: String,
        ruleset: String,
    },
    /// The file could not be read.
    Io(String),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANet => write!(f, "not a net file (no LATRNNUE magic)"),
            NetError::UnsupportedVersion { found, supported } => {
                write!(
                    f,
                    "net file version {found}; this build reads version {supported}"
                )
            }
            NetError::Truncated { what } => write!(f, "the net file ends inside {what}"),
            NetError::TrailingBytes(n) => write!(f, "{n} bytes after the end of the net"),
            NetError::Corrupt => write!(f, "the net file is corrupt (checksum mismatch)"),
            NetError::BadText { what } => write!(f, "the net's {what} is not UTF-8"),
            NetError::WrongSize {
                what,
                net,
                expected,
            } => write!(f, "the net has {net} {what}, {expected} expected"),
            NetError::OutOfRange { what, value } => {
                write!(f, "the net's {what} holds {value}, out of range")
            }
            NetError::WrongBoard { net, ruleset } => write!(
                f,
                "the net is for a {}x{} board, the ruleset's is {}x{}",
                net.0, net.1, ruleset.0, ruleset.1
            ),
            NetError::WrongRuleset { net, ruleset } => write!(
                f,
                "the net was trained for the rules of {net}, which are not those of {ruleset}"
            ),
            NetError::Io(e) => write!(f, "cannot read the net: {e}"),
        }
    }
}

impl std::error::Error for NetError {}

/// The bytes of a net file.
pub fn to_bytes(net: &Net) -> Vec<u8> {
    let h = &net.header;
    let mut out = Vec::with_capacity(64 + 2 * net.ft_weights.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
    out.extend_from_slice(&(net.features as u32).to_le_bytes());
    out.extend_from_slice(&h.rows.to_le_bytes());
    out.extend_from_slice(&h.cols.to_le_bytes());
    out.extend_from_slice(&h.digest.to_le_bytes());
    let kind = u32::from(net.adds_to_formula) | u32::from(net.judges_placements) << 1;
    out.extend_from_slice(&kind.to_le_bytes());
    let name = &h.ruleset.as_bytes()[..h.ruleset.len().min(u16::MAX as usize)];
    out.extend_from_slice(&(name.len() as u16).to_le_bytes());
    out.extend_from_slice(name);
    out.extend_from_slice(&(h.provenance.len() as u32).to_le_bytes());
    out.extend_from_slice(h.provenance.as_bytes());
    for w in net
        .ft_weights
        .iter()
        .chain(&net.ft_bias)
        .chain(&net.out_weights)
    {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&net.out_bias.to_le_bytes());
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a net file's bytes.
pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
    let mut r = Reader { bytes, at: 0 };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(NetError::NotANet);
    }
    r.at = MAGIC.len();
    let version = r.u32("the version")?;
    if ![VERSION, VERSION_BEFORE_KIND, VERSION_BEFORE_MID_TURN].contains(&version) {
        return Err(NetError::UnsupportedVersion {
            found: version,
            supported: VERSION,
        });
    }
    let hidden = r.u32("the layer sizes")? as usize;
    if hidden != HIDDEN {
        return Err(NetError::WrongSize {
            what: "hidden units",
            net: hidden,
            expected: HIDDEN,
        });
    }
    let features = r.u32("the layer sizes")? as usize;
    let rows = r.u16("the board size")?;
    let cols = r.u16("the board size")?;
    let cells = rows as usize * cols as usize;
    if cells == 0 || cells > MAX_CELLS {
        return Err(NetError::WrongSize {
            what: "squares",
            net: cells,
            expected: MAX_CELLS,
        });
    }
    let expected = 2 * KINDS * cells + EXTRAS;
    let missing = usize::from(version == VERSION_BEFORE_MID_TURN);
    if features + missing != expected {
        return Err(NetError::WrongSize {
            what: "features",
            net: features,
            expected: expected - missing,
        });
    }
    let digest = r.u64("the ruleset digest")?;
    let kind = if version >= VERSION {
        r.u32("the evaluation kind")?
    } else {
        0
    };
    if kind > 3 {
        return Err(NetError::OutOfRange {
            what: "evaluation kind",
            value: kind as i32,
        });
    }
    let (adds_to_formula, judges_placements) = (kind & 1 != 0, kind & 2 != 0);
    let name_len = r.u16("the ruleset name")? as usize;
    let ruleset = r.text(name_len, "the ruleset name")?;
    let prov_len = r.u32("the provenance")? as usize;
    let provenance = r.text(prov_len, "the provenance")?;
    let mut ft_weights = r.i16s(features * HIDDEN, "the first layer")?;
    let ft_bias = r.i16s(HIDDEN, "the first layer's biases")?;
    let out_weights = r.i16s(2 * HIDDEN, "the output layer")?;
    let out_bias = r.u32("the output bias")? as i32;
    let body = r.at;
    let sum = r.u64("the checksum")?;
    if r.at != bytes.len() {
        return Err(NetError::TrailingBytes(bytes.len() - r.at));
    }
    if sum != fnv1a(&bytes[..body]) {
        return Err(NetError::Corrupt);
    }
    if let Some(&w) = out_weights.iter().find(|w| w.abs() > MAX_OUT_WEIGHT) {
        return Err(NetError::OutOfRange {
            what: "output layer",
            value: w as i32,
        });
    }
    if missing == 1 {
        let at = (2 * KINDS * cells + MID_TURN_BIT) * HIDDEN;
        ft_weights.splice(at..at, [0; HIDDEN]);
    }
    Ok(Net {
        header: Header {
            ruleset,
            digest,
            rows,
            cols,
            provenance,
        },
        features: expected,
        ft_weights,
        ft_bias,
        out_weights,
        out_bias,
        adds_to_formula,
        judges_placements,
    })
}

/// Reads a net file.
pub fn read(path: &std::path::Path) -> Result<Net, NetError> {
    let bytes =
        std::fs::read(path).map_err(|e| NetError::Io(format!("{}: {e}", path.display())))?;
    from_bytes(&bytes)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], NetError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(NetError::Truncated { what })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u16(&mut self, what: &'static str) -> Result<u16, NetError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self, what: &'static str) -> Result<u32, NetError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self, what: &'static str) -> Result<u64, NetError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    fn text(&mut self, n: usize, what: &'static str) -> Result<String, NetError> {
        let b = self.take(n, what)?;
        String::from_utf8(b.to_vec()).map_err(|_| NetError::BadText { what })
    }
    fn i16s(&mut self, n: usize, what: &'static str) -> Result<Vec<i16>, NetError> {
        let b = self.take(n.checked_mul(2).ok_or(NetError::Truncated { what })?, what)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::Layout;
    use crate::nnue::net::ruleset_digest;
    use crate::rules::{Rules, preset};

    fn rules(name: &str) -> Rules<u128> {
        Rules::new(preset(name).unwrap()).unwrap()
    }

    /// A small net for `name` whose weights count up (so a shifted field shows).
    fn net_for(name: &str) -> Net {
        let r = rules(name);
        let features = Layout::new(&r).features();
        let ramp = |n: usize, m: i32| (0..n).map(|i| (i as i32 % m - m / 2) as i16).collect();
        Net {
            header: Header {
                ruleset: name.into(),
                digest: ruleset_digest(&r.ruleset),
                rows: r.geo.rows as u16,
                cols: r.geo.cols as u16,
                provenance: "latrunculi tune net --games 10\n1234 positions, 5 s".into(),
            },
            features,
            ft_weights: ramp(features * HIDDEN, 1001),
            ft_bias: ramp(HIDDEN, 77),
            out_weights: ramp(2 * HIDDEN, 255),
            out_bias: -98765,
            adds_to_formula: false,
            judges_placements: false,
        }
    }

    #[test]
    fn a_net_round_trips_and_is_checked_against_its_ruleset() {
        let net = net_for("murray");
        let bytes = to_bytes(&net);
        let back = from_bytes(&bytes).unwrap();
        assert_eq!(back, net);
        assert_eq!(
            back.check_for(&rules("murray")),
            Ok(Layout::new(&rules("murray")))
        );
    }

    #[test]
    fn a_net_for_other_rules_or_another_board_is_refused() {
        let net = from_bytes(&to_bytes(&net_for("seega-rules-8x8"))).unwrap();
        // Same board, other rules.
        let err = net.check_for(&rules("kharebga-rules-8x8")).unwrap_err();
        assert_eq!(
            err,
            NetError::WrongRuleset {
                net: "seega-rules-8x8".into(),
                ruleset: "kharebga-rules-8x8".into()
            }
        );
        assert!(err.to_string().contains("not those of kharebga-rules-8x8"));
        let err = net.check_for(&rules("seega-rules-8x9")).unwrap_err();
        assert_eq!(
            err,
            NetError::WrongBoard {
                net: (8, 8),
                ruleset: (8, 9)
            }
        );
        // A copy of the ruleset under another name is the same ruleset.
        let mut renamed = preset("seega-rules-8x8").unwrap();
        renamed.name = "my-seega".into();
        assert!(net.check_for(&Rules::<u128>::new(renamed).unwrap()).is_ok());
    }

    /// Every cut of the file is refused as truncated (never a panic), and the message names
    /// the part it ends in.
    #[test]
    fn a_truncated_file_says_where_it_ends() {
        let bytes = to_bytes(&net_for("murray"));
        for cut in [
            MAGIC.len(),
            10,
            30,
            40,
            100,
            bytes.len() / 2,
            bytes.len() - 1,
        ] {
            match from_bytes(&bytes[..cut]) {
                Err(NetError::Truncated { .. }) => {}
                other => panic!("cut at {cut}: {other:?}"),
            }
        }
        assert_eq!(
            from_bytes(&bytes[..bytes.len() - 1000]),
            Err(NetError::Truncated {
                what: "the first layer"
            })
        );
        assert_eq!(from_bytes(&bytes[..3]), Err(NetError::NotANet));
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[0, 0, 0]);
        assert_eq!(from_bytes(&longer), Err(NetError::TrailingBytes(3)));
    }

    #[test]
    fn wrong_magic_version_sizes_and_damage_are_each_named() {
        let bytes = to_bytes(&net_for("murray"));
        let patched = |at: usize, with: &[u8]| {
            let mut b = bytes.clone();
            b[at..at + with.len()].copy_from_slice(with);
            from_bytes(&b)
        };
        assert_eq!(patched(0, b"NOTANNUE"), Err(NetError::NotANet));
        assert_eq!(
            patched(8, &9u32.to_le_bytes()),
            Err(NetError::UnsupportedVersion {
                found: 9,
                supported: VERSION
            })
        );
        assert_eq!(
            patched(12, &256u32.to_le_bytes()),
            Err(NetError::WrongSize {
                what: "hidden units",
                net: 256,
                expected: HIDDEN
            })
        );
        assert!(matches!(
            patched(16, &7u32.to_le_bytes()),
            Err(NetError::WrongSize {
                what: "features",
                net: 7,
                ..
            })
        ));
        assert!(matches!(
            patched(20, &[0, 1, 0, 1]),
            Err(NetError::WrongSize {
                what: "squares",
                ..
            })
        ));
        // A flipped weight bit: the checksum catches it.
        let mid = bytes.len() / 2;
        assert_eq!(patched(mid, &[bytes[mid] ^ 1]), Err(NetError::Corrupt));
    }

    /// An output weight beyond what the integer inference allows is refused, even with a
    /// good checksum; bad UTF-8 in the header is named.
    #[test]
    fn weights_out_of_range_and_bad_text_are_refused() {
        let mut net = net_for("murray");
        net.out_weights[5] = 600;
        assert_eq!(
            from_bytes(&to_bytes(&net)),
            Err(NetError::OutOfRange {
                what: "output layer",
                value: 600
            })
        );
        let mut net = net_for("murray");
        net.header.ruleset = "m".into();
        let mut bytes = to_bytes(&net);
        let at = 38; // the name's one byte, after its length
        assert_eq!(bytes[at], b'm');
        bytes[at] = 0xFF;
        reseal(&mut bytes);
        assert_eq!(
            from_bytes(&bytes),
            Err(NetError::BadText {
                what: "the ruleset name"
            })
        );
    }

    /// Random bytes after a good beginning never panic.
    #[test]
    fn garbage_never_panics() {
        let good = to_bytes(&net_for("murray"));
        let mut state = 99u64;
        for len in [0, 8, 12, 20, 33, 60, 500] {
            for _ in 0..50 {
                let mut b: Vec<u8> = good[..len.min(good.len())].to_vec();
                for _ in 0..64 {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                    b.push((state >> 56) as u8);
                }
                assert!(from_bytes(&b).is_err());
            }
        }
    }

    /// Makes the checksum of edited `bytes` good again.
    fn reseal(bytes: &mut [u8]) {
        let body = bytes.len() - 8;
        let sum = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
    }

    /// `bytes` of this version rewritten as a file of an older `version` (before the
    /// evaluation kind: without that field), its checksum made good.
    fn as_older(bytes: &[u8], version: u32) -> Vec<u8> {
        let kind = 32..36; // after magic, version, sizes, board and digest
        let mut old = bytes.to_vec();
        old.drain(kind);
        old[8..12].copy_from_slice(&version.to_le_bytes());
        reseal(&mut old);
        old
    }

    /// A version 1 file (made before the mid-turn feature) reads as the same net with that
    /// feature's weights 0, so it evaluates as it did; other versions are refused.
    #[test]
    fn a_net_from_before_the_mid_turn_feature_reads_with_it_weighing_nothing() {
        let mut net = net_for("seega-rules-8x8");
        let row = (2 * KINDS * 64 + MID_TURN_BIT) * HIDDEN;
        net.ft_weights[row..row + HIDDEN].fill(0);
        let mut old = net.clone();
        old.features -= 1;
        old.ft_weights.drain(row..row + HIDDEN);
        let bytes = as_older(&to_bytes(&old), 1);
        assert_eq!(from_bytes(&bytes), Ok(net));
        assert_eq!(
            from_bytes(&as_older(&to_bytes(&old), 4)),
            Err(NetError::UnsupportedVersion {
                found: 4,
                supported: VERSION
            })
        );
    }

    /// A net that adds to the formula says so in its file; a version 2 file (from before
    /// the field) evaluates alone; the bit for placements reads back on its own; an
    /// unknown kind is refused.
    #[test]
    fn the_evaluation_kind_round_trips_and_older_nets_evaluate_alone() {
        let mut net = net_for("murray");
        net.adds_to_formula = true;
        for judges in [false, true] {
            let alone = Net {
                adds_to_formula: false,
                judges_placements: judges,
                ..net.clone()
            };
            assert_eq!(from_bytes(&to_bytes(&alone)), Ok(alone));
        }
        let bytes = to_bytes(&net);
        assert_eq!(from_bytes(&bytes), Ok(net.clone()));
        let older = from_bytes(&as_older(&bytes, 2)).unwrap();
        assert!(!older.adds_to_formula && !older.judges_placements);
        assert_eq!(older.ft_weights, net.ft_weights);
        let mut odd = bytes.clone();
        odd[32..36].copy_from_slice(&7u32.to_le_bytes());
        reseal(&mut odd);
        assert_eq!(
            from_bytes(&odd),
            Err(NetError::OutOfRange {
                what: "evaluation kind",
                value: 7
            })
        );
    }
}
