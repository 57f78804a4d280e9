//! Training positions kept in a file, so that one self-play run can feed many trainings.
//!
//! ```text
//! magic    8 bytes  "LATRDATA"
//! version  u32      3
//! digest   u64      the ruleset's digest (the features are that ruleset's)
//! features u32      inputs per perspective
//! count    u64      positions
//! each:    u16 n_us, u16 n_them, f32 score (NaN: none), f32 result,
//!          f32 base (the formula's evaluation; NaN: none),
//!          u16 x n_us, u16 x n_them (feature indices, each below `features`)
//! ```
//!
//! Version 2 files (before the base) are read too, their positions without a base.
//! Little-endian. Reading checks every field and says what is wrong; it never panics.

use super::train::Sample;

pub const MAGIC: &[u8; 8] = b"LATRDATA";
/// 3 since the formula's evaluation of each position; 2 since the mid-turn feature (a
/// version 1 file's positions lack it, so they are refused).
pub const VERSION: u32 = 3;
/// The version before the base: read, each position without one.
const VERSION_BEFORE_BASE: u32 = 2;

/// The bytes of a sample file for a ruleset with `digest` and `features` inputs.
pub fn to_bytes(samples: &[Sample], digest: u64, features: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 + samples.len() * 100);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&digest.to_le_bytes());
    out.extend_from_slice(&(features as u32).to_le_bytes());
    out.extend_from_slice(&(samples.len() as u64).to_le_bytes());
    for s in samples {
        out.extend_from_slice(&(s.us.len() as u16).to_le_bytes());
        out.extend_from_slice(&(s.them.len() as u16).to_le_bytes());
        out.extend_from_slice(&s.score.unwrap_or(f32::NAN).to_le_bytes());
        out.extend_from_slice(&s.result.to_le_bytes());
        out.extend_from_slice(&s.base.unwrap_or(f32::NAN).to_le_bytes());
        for f in s.us.iter().chain(&s.them) {
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
    out
}

/// Why a sample file cannot be read: the file as messages name it, and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleFileError {
    pub origin: String,
    pub kind: SampleFileErrorKind,
}

/// What is wrong with a sample file.
#[derive(Clone, Debug, PartialEq)]
pub enum SampleFileErrorKind {
    /// The bytes end inside a field.
    Truncated { inside: &'static str },
    /// No sample-file magic.
    NotSamples,
    /// Another version of the format.
    Version { found: u32 },
    /// The positions are of another ruleset (another digest).
    OtherRuleset,
    /// Another number of features per perspective.
    Features { found: usize, want: usize },
    /// A result outside 0..=1.
    BadResult { position: u64, result: f32 },
    /// A feature index at or above the feature count.
    BadFeature { position: u64, feature: u16 },
    /// Bytes after the last position.
    Trailing { bytes: usize },
}

impl std::fmt::Display for SampleFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.origin)?;
        match &self.kind {
            SampleFileErrorKind::Truncated { inside } => {
                write!(f, "the file ends inside {inside}")
            }
            SampleFileErrorKind::NotSamples => write!(f, "not a file of training positions"),
            SampleFileErrorKind::Version { found } => {
                write!(f, "version {found}; this build reads version {VERSION}")?;
                if *found < VERSION {
                    write!(f, " (make the positions again: older files lack features)")?;
                }
                Ok(())
            }
            SampleFileErrorKind::OtherRuleset => write!(f, "the positions are of another ruleset"),
            SampleFileErrorKind::Features { found, want } => {
                write!(f, "the positions have {found} features, the ruleset {want}")
            }
            SampleFileErrorKind::BadResult { position, result } => {
                write!(f, "position {position} has result {result}")
            }
            SampleFileErrorKind::BadFeature { position, feature } => {
                write!(f, "position {position} has feature {feature}")
            }
            SampleFileErrorKind::Trailing { bytes } => {
                write!(f, "{bytes} bytes after the last position")
            }
        }
    }
}

impl std::error::Error for SampleFileError {}

/// Reads a sample file made for the ruleset with `digest` and `features` inputs; `origin`
/// names it in errors.
pub fn from_bytes(
    bytes: &[u8],
    digest: u64,
    features: usize,
    origin: &str,
) -> Result<Vec<Sample>, SampleFileError> {
    use SampleFileErrorKind as Wrong;
    let wrong = |kind| SampleFileError {
        origin: origin.to_string(),
        kind,
    };
    let mut at = 0usize;
    let mut take = |n: usize, what: &'static str| -> Result<&[u8], SampleFileError> {
        let end = at
            .checked_add(n)
            .filter(|&e| e <= bytes.len())
            .ok_or_else(|| wrong(Wrong::Truncated { inside: what }))?;
        let s = &bytes[at..end];
        at = end;
        Ok(s)
    };
    if take(8, "the magic")? != MAGIC {
        return Err(wrong(Wrong::NotSamples));
    }
    let word = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let long = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
    let version = word(take(4, "the version")?);
    if version != VERSION && version != VERSION_BEFORE_BASE {
        return Err(wrong(Wrong::Version { found: version }));
    }
    let head_len = if version == VERSION { 16 } else { 12 };
    if long(take(8, "the ruleset digest")?) != digest {
        return Err(wrong(Wrong::OtherRuleset));
    }
    let f = word(take(4, "the feature count")?) as usize;
    if f != features {
        return Err(wrong(Wrong::Features {
            found: f,
            want: features,
        }));
    }
    let count = long(take(8, "the count")?);
    let mut out = Vec::new();
    for i in 0..count {
        let what = "a position";
        let head = take(head_len, what)?;
        let (n_us, n_them) = (
            u16::from_le_bytes([head[0], head[1]]) as usize,
            u16::from_le_bytes([head[2], head[3]]) as usize,
        );
        let score = f32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        let result = f32::from_le_bytes([head[8], head[9], head[10], head[11]]);
        let base = match head.get(12..16) {
            Some(b) => f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            None => f32::NAN,
        };
        if !(0.0..=1.0).contains(&result) {
            return Err(wrong(Wrong::BadResult {
                position: i,
                result,
            }));
        }
        let list = take(2 * (n_us + n_them), what)?;
        let all: Vec<u16> = list
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        if let Some(&bad) = all.iter().find(|&&x| x as usize >= features) {
            return Err(wrong(Wrong::BadFeature {
                position: i,
                feature: bad,
            }));
        }
        out.push(Sample {
            us: all[..n_us].to_vec(),
            them: all[n_us..].to_vec(),
            score: (!score.is_nan()).then_some(score),
            result,
            base: (!base.is_nan()).then_some(base),
        });
    }
    if at != bytes.len() {
        return Err(wrong(Wrong::Trailing {
            bytes: bytes.len() - at,
        }));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<Sample> {
        vec![
            Sample {
                us: vec![1, 5, 99],
                them: vec![2, 7],
                score: Some(-35.0),
                result: 0.5,
                base: Some(-20.0),
            },
            Sample {
                us: vec![],
                them: vec![0],
                score: None,
                result: 1.0,
                base: None,
            },
        ]
    }

    #[test]
    fn samples_round_trip() {
        let bytes = to_bytes(&samples(), 42, 100);
        assert_eq!(from_bytes(&bytes, 42, 100, "f").unwrap(), samples());
        assert_eq!(
            from_bytes(&to_bytes(&[], 42, 100), 42, 100, "f").unwrap(),
            []
        );
    }

    /// A version 2 file (each position's head without the base) reads, without bases.
    #[test]
    fn a_file_from_before_the_base_reads_without_it() {
        let new = to_bytes(&samples(), 42, 100);
        let mut old = new[..32].to_vec();
        old[8..12].copy_from_slice(&2u32.to_le_bytes());
        let mut at = 32;
        for s in samples() {
            old.extend_from_slice(&new[at..at + 12]);
            let features = 2 * (s.us.len() + s.them.len());
            old.extend_from_slice(&new[at + 16..at + 16 + features]);
            at += 16 + features;
        }
        let want: Vec<Sample> = samples()
            .into_iter()
            .map(|s| Sample { base: None, ..s })
            .collect();
        assert_eq!(from_bytes(&old, 42, 100, "f").unwrap(), want);
        old[8..12].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(
            from_bytes(&old, 42, 100, "f").unwrap_err().kind,
            SampleFileErrorKind::Version { found: 1 }
        );
    }

    #[test]
    fn a_wrong_or_damaged_file_is_explained() {
        let bytes = to_bytes(&samples(), 42, 100);
        let kind =
            |b: &[u8], digest, features| from_bytes(b, digest, features, "d.bin").unwrap_err().kind;
        let err = |b: &[u8], digest, features| {
            from_bytes(b, digest, features, "d.bin")
                .unwrap_err()
                .to_string()
        };
        assert_eq!(kind(&bytes, 43, 100), SampleFileErrorKind::OtherRuleset);
        assert_eq!(
            kind(&bytes, 42, 120),
            SampleFileErrorKind::Features {
                found: 100,
                want: 120
            }
        );
        assert_eq!(kind(b"LATRNNUE", 42, 100), SampleFileErrorKind::NotSamples);
        assert_eq!(
            err(&bytes, 43, 100),
            "d.bin: the positions are of another ruleset"
        );
        assert_eq!(
            err(&bytes, 42, 120),
            "d.bin: the positions have 100 features, the ruleset 120"
        );
        assert_eq!(
            err(b"LATRNNUE", 42, 100),
            "d.bin: not a file of training positions"
        );
        assert_eq!(
            err(&bytes[..5], 42, 100),
            "d.bin: the file ends inside the magic"
        );
        for cut in 8..bytes.len() {
            assert!(matches!(
                kind(&bytes[..cut], 42, 100),
                SampleFileErrorKind::Truncated { .. }
            ));
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            err(&longer, 42, 100),
            "d.bin: 1 bytes after the last position"
        );
        let mut bad = to_bytes(&samples(), 42, 100);
        let at = 32 + 16; // the first feature of the first position
        bad[at..at + 2].copy_from_slice(&500u16.to_le_bytes());
        assert_eq!(
            kind(&bad, 42, 100),
            SampleFileErrorKind::BadFeature {
                position: 0,
                feature: 500
            }
        );
        assert_eq!(err(&bad, 42, 100), "d.bin: position 0 has feature 500");
    }
}
