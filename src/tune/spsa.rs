//! SPSA (simultaneous perturbation stochastic approximation) over engine options, the way
//! fishtest tunes Stockfish: each iteration nudges every parameter at once by plus or minus
//! its step, plays the engine with the plus side against the engine with the minus side,
//! and moves every parameter towards the side that scored. The schedule is Spall's: steps
//! `c_k = c / (k + 1)^0.101` and gains `a_k = a / (A + k + 1)^0.602`, set from each
//! parameter's final step and the final learning rate as fishtest does.

/// One tuned parameter: an engine option with a spin value.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The option's name, as `setoption` takes it.
    pub name: String,
    pub value: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the end of the run (the step `c` of the last iteration).
    pub c_end: f64,
}

/// A `--param` that does not read: its text, and whether its shape or its values are wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError {
    pub text: String,
    /// The values read but do not make a range (`MIN <= START <= MAX`, `STEP > 0`).
    pub out_of_range: bool,
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.out_of_range {
            write!(
                f,
                "--param '{}': need MIN <= START <= MAX and STEP > 0",
                self.text
            )
        } else {
            write!(
                f,
                "--param '{}': expected NAME=START,MIN,MAX,STEP",
                self.text
            )
        }
    }
}

impl std::error::Error for ParamError {}

/// A log that this run cannot resume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogError {
    /// The last line is not one the tuner writes.
    NotALogLine { last: String },
    /// The log tunes other parameters (or as many others) than those given.
    OtherParameters { last: String },
    /// The log tunes `logged` where `--param` gives `given`.
    OtherParameter {
        logged: String,
        given: String,
        last: String,
    },
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LogError::NotALogLine { last } => {
                write!(
                    f,
                    "the log's last line is not one this tuner wrote: '{last}'"
                )
            }
            LogError::OtherParameters { last } => write!(
                f,
                "the log tunes other parameters than those given (its last line: '{last}')"
            ),
            LogError::OtherParameter {
                logged,
                given,
                last,
            } => write!(
                f,
                "the log tunes {logged} where --param gives {given} (its last line: '{last}')"
            ),
        }
    }
}

impl std::error::Error for LogError {}

impl Param {
    /// Reads `NAME=START,MIN,MAX,STEP`.
    pub fn parse(text: &str) -> Result<Param, ParamError> {
        let bad = || ParamError {
            text: text.to_string(),
            out_of_range: false,
        };
        let (name, rest) = text.split_once('=').ok_or_else(bad)?;
        let v: Vec<f64> = rest
            .split(',')
            .map(|x| x.trim().parse::<f64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let [value, min, max, c_end] = v[..] else {
            return Err(bad());
        };
        if name.trim().is_empty() || !(min <= value && value <= max) || c_end <= 0.0 {
            return Err(ParamError {
                text: text.to_string(),
                out_of_range: true,
            });
        }
        Ok(Param {
            name: name.trim().to_string(),
            value,
            min,
            max,
            c_end,
        })
    }
}

const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;

/// The run's schedule: `iterations` in all, final learning rate `rate`.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub iterations: u64,
    pub rate: f64,
}

impl Schedule {
    /// The perturbation of a parameter at iteration `k` (from 0).
    pub fn c(&self, p: &Param, k: u64) -> f64 {
        let c = p.c_end * (self.iterations as f64).powf(GAMMA);
        c / ((k + 1) as f64).powf(GAMMA)
    }

    /// The gain of a parameter at iteration `k`.
    pub fn a(&self, p: &Param, k: u64) -> f64 {
        let big_a = 0.1 * self.iterations as f64;
        let a_end = self.rate * p.c_end * p.c_end;
        let a = a_end * (big_a + self.iterations as f64).powf(ALPHA);
        a / (big_a + (k + 1) as f64).powf(ALPHA)
    }
}

/// The values an engine plays with: rounded to whole numbers (spin options) and clamped.
pub fn engine_value(p: &Param, x: f64) -> i64 {
    x.clamp(p.min, p.max).round() as i64
}

/// The two engines' values at iteration `k` with the signs `flips` (+1 or -1 each).
pub fn perturbed(params: &[Param], s: &Schedule, k: u64, flips: &[f64]) -> [Vec<i64>; 2] {
    let side = |sign: f64| {
        params
            .iter()
            .zip(flips)
            .map(|(p, f)| engine_value(p, p.value + sign * f * s.c(p, k)))
            .collect()
    };
    [side(1.0), side(-1.0)]
}

/// Moves the parameters after iteration `k`: `result` is the plus engine's wins minus its
/// losses.
pub fn update(params: &mut [Param], s: &Schedule, k: u64, flips: &[f64], result: f64) {
    for (p, f) in params.iter_mut().zip(flips) {
        let step = s.a(p, k) * result * f / s.c(p, k);
        p.value = (p.value + step).clamp(p.min, p.max);
    }
}

/// The random signs of iteration `k` (repeatable: seeded by the iteration).
pub fn flips(n: usize, seed: u64, k: u64) -> Vec<f64> {
    let mut z = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (0..n)
        .map(|_| {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            if (x ^ (x >> 31)) & 1 == 0 { 1.0 } else { -1.0 }
        })
        .collect()
}

/// One line of the run's log: the iteration done, its result, the running total and the
/// parameters after it.
pub fn log_line(k: u64, result: f64, total: f64, params: &[Param]) -> String {
    let values: Vec<String> = params
        .iter()
        .map(|p| format!("{}={:.4}", p.name, p.value))
        .collect();
    format!(
        "iteration {} result {:+} total {:+} {}",
        k + 1,
        result,
        total,
        values.join(" ")
    )
}

/// Where a logged run stands: the iterations done, the running total, and the parameters
/// as the last line left them (`None` for an empty log). A log of other parameters is an
/// error.
pub fn resume(log: &str, params: &mut [Param]) -> Result<Option<(u64, f64)>, LogError> {
    let Some(last) = log.lines().rev().find(|l| l.starts_with("iteration ")) else {
        return Ok(None);
    };
    let words: Vec<&str> = last.split(' ').collect();
    let bad = || LogError::NotALogLine {
        last: last.to_string(),
    };
    if words.len() != 6 + params.len() || words[2] != "result" || words[4] != "total" {
        return Err(LogError::OtherParameters {
            last: last.to_string(),
        });
    }
    let done: u64 = words[1].parse().map_err(|_| bad())?;
    let total: f64 = words[5].parse().map_err(|_| bad())?;
    for (p, w) in params.iter_mut().zip(&words[6..]) {
        let (name, value) = w.split_once('=').ok_or_else(bad)?;
        if name != p.name {
            return Err(LogError::OtherParameter {
                logged: name.to_string(),
                given: p.name.clone(),
                last: last.to_string(),
            });
        }
        p.value = value.parse::<f64>().map_err(|_| bad())?.clamp(p.min, p.max);
    }
    Ok(Some((done, total)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(value: f64) -> Param {
        Param::parse(&format!("Aspiration={value},10,200,8")).unwrap()
    }

    #[test]
    fn parameters_are_read_and_bad_ones_explained() {
        assert_eq!(
            Param::parse("LMRFullMoves=3,1,10,1").unwrap(),
            Param {
                name: "LMRFullMoves".into(),
                value: 3.0,
                min: 1.0,
                max: 10.0,
                c_end: 1.0
            }
        );
        for bad in [
            "Aspiration",
            "Aspiration=40,10",
            "A=300,10,200,8",
            "A=40,10,200,0",
        ] {
            assert!(Param::parse(bad).is_err(), "{bad}");
        }
    }

    /// The perturbation shrinks to its final value; so does the gain, and the learning
    /// rate at the end is the one asked for.
    #[test]
    fn the_schedule_ends_where_it_was_set() {
        let s = Schedule {
            iterations: 100,
            rate: 0.002,
        };
        let p = param(40.0);
        assert!(s.c(&p, 0) > s.c(&p, 99));
        assert!((s.c(&p, 99) - 8.0).abs() < 1e-9);
        assert!(s.a(&p, 0) > s.a(&p, 99));
        let r_end = s.a(&p, 99) / (s.c(&p, 99) * s.c(&p, 99));
        assert!((r_end - 0.002).abs() < 1e-9, "{r_end}");
    }

    /// On a noiseless score with known best values, SPSA walks there: the plus side wins by
    /// how much closer it is to 120 and 30 (distances in units of each parameter's step).
    #[test]
    fn it_finds_the_best_value_of_a_smooth_score() {
        let s = Schedule {
            iterations: 400,
            rate: 0.02,
        };
        let mut params = vec![param(40.0), Param::parse("B=5,0,50,2").unwrap()];
        let best = [120.0, 30.0];
        for k in 0..s.iterations {
            let f = flips(2, 7, k);
            let [plus, minus] = perturbed(&params, &s, k, &f);
            let dist = |v: &[i64]| -> f64 {
                v.iter()
                    .zip(best)
                    .zip(&params)
                    .map(|((x, b), p)| ((*x as f64 - b) / (1.25 * p.c_end)).powi(2))
                    .sum()
            };
            let result = (dist(&minus) - dist(&plus)).clamp(-4.0, 4.0);
            update(&mut params, &s, k, &f, result);
        }
        assert!((params[0].value - 120.0).abs() < 10.0, "{params:?}");
        assert!((params[1].value - 30.0).abs() < 4.0, "{params:?}");
    }

    #[test]
    fn a_log_resumes_where_it_stopped() {
        let mut params = vec![param(40.0)];
        params[0].value = 47.25;
        let log = log_line(0, 2.0, 2.0, &params) + "\n" + &log_line(1, -1.0, 1.0, &params);
        let mut fresh = vec![param(40.0)];
        assert_eq!(resume(&log, &mut fresh).unwrap(), Some((2, 1.0)));
        assert_eq!(fresh[0].value, 47.25);
        assert_eq!(resume("", &mut fresh).unwrap(), None);
        let mut other = vec![Param::parse("Contempt=0,0,100,5").unwrap()];
        assert!(matches!(
            resume(&log, &mut other),
            Err(LogError::OtherParameter { logged, given, .. })
                if logged == "Aspiration" && given == "Contempt"
        ));
    }
}
