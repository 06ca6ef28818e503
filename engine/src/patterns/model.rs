//! The learned model: feature strengths (gammas) read from the weights file, and the two lookups
//! the search uses — the 3x3 gamma of the playout policy and the full-feature gamma of every
//! empty point for the priors of new tree nodes.
//!
//! # Weights file (version 1, little-endian)
//! ```text
//! magic "TGNPAT\r\n", version u32, provenance: u32 length + UTF-8 text
//! groups: u32 count (= NUM_GROUPS); per group: u32 n (= GROUP_SIZES[g]), n x f32 gamma
//! playout 3x3: f32 gamma of unlisted codes, u32 n, n x (u32 canonical code, f32 gamma)
//! full 3x3:    the same layout
//! large: u32 sizes (= NUM_SIZES), u32 n, n x (u64 canonical hash, f32 gamma)
//! ```
//! The playout 3x3 table is fitted with the 3x3 pattern as the only feature; the full-model
//! gammas are fitted together (their product is a move's strength).

use super::features::{move_features, GROUP_SIZES, NONE, NUM_GROUPS};
use super::large::NUM_SIZES;
use crate::board::Board;
use crate::tactics::pattern3::{symmetric, CODES};
use crate::tactics::LadderReader;
use crate::types::{Color, Point};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// The weights shipped with the engine: fitted by `tengen-train` on strong amateur games;
/// `engine/data/patterns.txt` records the data, the command and the measured accuracy.
static SHIPPED: &[u8] = include_bytes!("../../data/patterns.bin");

/// First bytes of a weights file.
pub const MAGIC: &[u8; 8] = b"TGNPAT\r\n";
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;

/// Why a weights file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeightsError {
    /// Not a tengen pattern file.
    BadMagic,
    /// A version this code does not read.
    Version(u32),
    /// The file ends too early.
    Truncated,
    /// The groups or sizes do not match this code's features.
    Shape(String),
    /// A gamma that is not a positive finite number.
    BadGamma,
    /// Bytes after the end of the data.
    TrailingBytes,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::BadMagic => f.write_str("not a pattern weights file"),
            WeightsError::Version(v) => write!(f, "unsupported weights version {v}"),
            WeightsError::Truncated => f.write_str("weights file truncated"),
            WeightsError::Shape(s) => write!(f, "weights do not fit the features: {s}"),
            WeightsError::BadGamma => f.write_str("a gamma is not a positive finite number"),
            WeightsError::TrailingBytes => f.write_str("trailing bytes after the weights"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// The weights as plain data: what the training tool writes and the model is built from.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Where the weights came from and how they were made (free text).
    pub provenance: String,
    /// Gammas of each group's features ([`GROUP_SIZES`] long each).
    pub groups: [Vec<f32>; NUM_GROUPS],
    /// Playout policy: gamma of codes not listed, and (canonical 3x3 code, gamma).
    pub playout3_default: f32,
    pub playout3: Vec<(u32, f32)>,
    /// Full model's 3x3 feature, likewise.
    pub full3_default: f32,
    pub full3: Vec<(u32, f32)>,
    /// Large patterns: (canonical hash with its size mixed in, gamma).
    pub large: Vec<(u64, f32)>,
}

impl Weights {
    /// Every gamma 1: a model that knows nothing (uniform over legal moves).
    pub fn neutral() -> Weights {
        Weights {
            provenance: String::new(),
            groups: GROUP_SIZES.map(|n| vec![1.0; n]),
            playout3_default: 1.0,
            playout3: Vec::new(),
            full3_default: 1.0,
            full3: Vec::new(),
            large: Vec::new(),
        }
    }

    /// The file form (see the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.provenance.len() as u32).to_le_bytes());
        out.extend_from_slice(self.provenance.as_bytes());
        out.extend_from_slice(&(NUM_GROUPS as u32).to_le_bytes());
        for g in &self.groups {
            out.extend_from_slice(&(g.len() as u32).to_le_bytes());
            for x in g {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        for (default, table) in [
            (self.playout3_default, &self.playout3),
            (self.full3_default, &self.full3),
        ] {
            out.extend_from_slice(&default.to_le_bytes());
            out.extend_from_slice(&(table.len() as u32).to_le_bytes());
            for (code, gamma) in table {
                out.extend_from_slice(&code.to_le_bytes());
                out.extend_from_slice(&gamma.to_le_bytes());
            }
        }
        out.extend_from_slice(&(NUM_SIZES as u32).to_le_bytes());
        out.extend_from_slice(&(self.large.len() as u32).to_le_bytes());
        for (hash, gamma) in &self.large {
            out.extend_from_slice(&hash.to_le_bytes());
            out.extend_from_slice(&gamma.to_le_bytes());
        }
        out
    }

    /// Read the file form; any defect is an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let mut r = Reader { bytes, pos: 0 };
        if r.take(8)? != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let len = r.u32()? as usize;
        let provenance = String::from_utf8_lossy(r.take(len)?).into_owned();
        if r.u32()? as usize != NUM_GROUPS {
            return Err(WeightsError::Shape("number of groups".into()));
        }
        let mut groups = GROUP_SIZES.map(|_| Vec::new());
        for (g, &size) in groups.iter_mut().zip(&GROUP_SIZES) {
            if r.u32()? as usize != size {
                return Err(WeightsError::Shape("group size".into()));
            }
            for _ in 0..size {
                g.push(r.gamma()?);
            }
        }
        let mut tables = [(1.0, Vec::new()), (1.0, Vec::new())];
        for (default, table) in &mut tables {
            *default = r.gamma()?;
            let n = r.u32()? as usize;
            for _ in 0..n {
                let code = r.u32()?;
                if code as usize >= CODES {
                    return Err(WeightsError::Shape(format!("3x3 code {code}")));
                }
                table.push((code, r.gamma()?));
            }
        }
        let [(playout3_default, playout3), (full3_default, full3)] = tables;
        if r.u32()? as usize != NUM_SIZES {
            return Err(WeightsError::Shape("number of large-pattern sizes".into()));
        }
        let n = r.u32()? as usize;
        let mut large = Vec::new();
        for _ in 0..n {
            let hash = r.u64()?;
            large.push((hash, r.gamma()?));
        }
        if r.pos != bytes.len() {
            return Err(WeightsError::TrailingBytes);
        }
        Ok(Weights {
            provenance,
            groups,
            playout3_default,
            playout3,
            full3_default,
            full3,
            large,
        })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WeightsError> {
        let end = self.pos.checked_add(n).ok_or(WeightsError::Truncated)?;
        let s = self
            .bytes
            .get(self.pos..end)
            .ok_or(WeightsError::Truncated)?;
        self.pos = end;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, WeightsError> {
        let mut b = [0; 4];
        b.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(b))
    }

    fn u64(&mut self) -> Result<u64, WeightsError> {
        let mut b = [0; 8];
        b.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(b))
    }

    fn gamma(&mut self) -> Result<f32, WeightsError> {
        let x = f32::from_bits(self.u32()?);
        if x.is_finite() && x > 0.0 {
            Ok(x)
        } else {
            Err(WeightsError::BadGamma)
        }
    }
}

/// The large patterns' hashes are already uniformly random: use them as they are.
#[derive(Default)]
pub struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// A map keyed by pattern hashes.
pub type HashKeyed<V> = HashMap<u64, V, BuildHasherDefault<IdentityHasher>>;

/// A loaded model, ready for lookups. Immutable and shareable between threads.
pub struct PatternModel {
    provenance: String,
    groups: [[f32; 16]; NUM_GROUPS],
    playout3: Box<[f32]>,
    full3: Box<[f32]>,
    large: HashKeyed<f32>,
}

impl PatternModel {
    /// Build the lookup tables from weights: the 3x3 tables are expanded to every symmetric form
    /// of each listed code, so a lookup is one load.
    pub fn new(w: &Weights) -> PatternModel {
        let mut groups = [[1.0; 16]; NUM_GROUPS];
        for (dst, src) in groups.iter_mut().zip(&w.groups) {
            dst[..src.len()].copy_from_slice(src);
        }
        PatternModel {
            provenance: w.provenance.clone(),
            groups,
            playout3: dense3(w.playout3_default, &w.playout3),
            full3: dense3(w.full3_default, &w.full3),
            large: w.large.iter().copied().collect(),
        }
    }

    /// The model of the shipped weights, built on first use (about 10 MB of tables) and shared.
    pub fn shipped() -> &'static PatternModel {
        static MODEL: OnceLock<PatternModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            // The embedded file is checked by this module's tests; it cannot be malformed.
            PatternModel::from_bytes(SHIPPED).expect("shipped pattern weights are valid")
        })
    }

    /// Read a weights file and build the model.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternModel, WeightsError> {
        Ok(PatternModel::new(&Weights::from_bytes(bytes)?))
    }

    /// Where the weights came from.
    pub fn provenance(&self) -> &str {
        &self.provenance
    }

    /// Number of large patterns the model knows.
    pub fn large_patterns(&self) -> usize {
        self.large.len()
    }

    /// The playout policy's gamma of a raw 3x3 code ([`crate::tactics::pattern3x3`]).
    #[inline(always)]
    pub fn gamma3x3(&self, code: u32) -> f32 {
        self.playout3[code as usize & (CODES - 1)]
    }

    /// The full-feature gamma of `to_move` playing on the empty point `p` (legality unchecked).
    pub fn move_gamma(
        &self,
        board: &Board,
        p: Point,
        to_move: Color,
        ladders: &mut LadderReader,
    ) -> f32 {
        let f = move_features(board, p, to_move, ladders);
        let mut gamma = self.full3[f.pattern3 as usize];
        for (g, &v) in f.groups.iter().enumerate() {
            if v != NONE {
                gamma *= self.groups[g][v as usize];
            }
        }
        // The largest known pattern counts.
        if let Some(x) = f.large.iter().rev().find_map(|h| self.large.get(h)) {
            gamma *= x;
        }
        gamma
    }

    /// The full-feature gamma of every point for `to_move`, by point index (`out` must hold
    /// [`crate::Geometry::array_len`] entries): 0 for occupied points, the ko point and suicides.
    /// A move's probability under the model is its gamma over the sum of all gammas.
    pub fn move_gammas(
        &self,
        board: &Board,
        to_move: Color,
        ladders: &mut LadderReader,
        out: &mut [f32],
    ) {
        let geo = board.geometry();
        out[..geo.array_len()].fill(0.0);
        for i in 0..board.empty_count() {
            let p = board.empty_point(i);
            if board.is_legal(to_move, p) {
                out[p.index()] = self.move_gamma(board, p, to_move, ladders);
            }
        }
    }
}

fn dense3(default: f32, table: &[(u32, f32)]) -> Box<[f32]> {
    let mut dense = vec![default; CODES].into_boxed_slice();
    for &(code, gamma) in table {
        for s in 0..8 {
            dense[symmetric(code, s) as usize] = gamma;
        }
    }
    dense
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::pattern3::{canonical, pattern3x3};
    use crate::tactics::Budget;

    fn sample() -> Weights {
        let mut w = Weights::neutral();
        w.provenance = "test".into();
        w.groups[0][1] = 3.5;
        w.playout3 = vec![(canonical(0x5), 2.0)];
        w.full3_default = 0.5;
        w.large = vec![(42, 7.0)];
        w
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_errors() {
        let w = sample();
        let bytes = w.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes), Ok(w));
        for cut in [0, 7, 12, bytes.len() - 1] {
            assert!(Weights::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut extra = bytes.clone();
        extra.push(0);
        assert_eq!(
            Weights::from_bytes(&extra),
            Err(WeightsError::TrailingBytes)
        );
        let mut bad = bytes.clone();
        bad[8] = 99;
        assert_eq!(Weights::from_bytes(&bad), Err(WeightsError::Version(99)));
        let mut nan = bytes;
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(Weights::from_bytes(&nan), Err(WeightsError::BadGamma));
    }

    #[test]
    fn model_looks_up_every_symmetric_form() {
        let model = PatternModel::new(&sample());
        let code = canonical(0x5);
        for s in 0..8 {
            assert_eq!(model.gamma3x3(symmetric(code, s)), 2.0);
        }
        assert_eq!(model.gamma3x3(0), 1.0, "unlisted codes get the default");
    }

    #[test]
    fn move_gammas_are_zero_exactly_where_play_is_illegal() {
        let b = Board::from_ascii(
            ". X . .
             X . . .
             . . O .
             . . . .",
        )
        .unwrap();
        let model = PatternModel::new(&sample());
        let mut out = vec![-1.0; b.geometry().array_len()];
        model.move_gammas(
            &b,
            Color::White,
            &mut LadderReader::new(Budget::THOROUGH),
            &mut out,
        );
        for p in b.geometry().points() {
            let legal = b.is_legal(Color::White, p);
            assert_eq!(out[p.index()] > 0.0, legal, "{p:?}");
        }
        // The full model's default 3x3 gamma (0.5) applies to every legal move here.
        let p = b.geometry().point(3, 3);
        assert_eq!(pattern3x3(&b, p, Color::White) >> 16, 0);
        assert!(out[p.index()] > 0.0);
    }

    #[test]
    fn shipped_weights_load_and_say_where_they_came_from() {
        let model = PatternModel::shipped();
        assert!(
            model.provenance().contains("kgs-6d"),
            "{}",
            model.provenance()
        );
        assert!(model.provenance().contains("tengen-train"));
        assert!(model.large_patterns() > 1000);
    }

    fn gammas_of(board: &Board, color: Color) -> Vec<f32> {
        let mut out = vec![0.0; board.geometry().array_len()];
        PatternModel::shipped().move_gammas(
            board,
            color,
            &mut LadderReader::new(Budget::THOROUGH),
            &mut out,
        );
        out
    }

    #[test]
    fn shipped_model_prefers_the_corners_to_the_edge_on_an_empty_board() {
        let b = Board::new(19).unwrap();
        let g = gammas_of(&b, Color::Black);
        let geo = b.geometry();
        let (star, three_four) = (geo.point(15, 15), geo.point(15, 16));
        for edge in [geo.point(0, 0), geo.point(9, 0), geo.point(1, 0)] {
            assert!(g[star.index()] > 10.0 * g[edge.index()]);
            assert!(g[three_four.index()] > 10.0 * g[edge.index()]);
        }
    }

    #[test]
    fn shipped_model_captures_the_stone_just_played_in_atari() {
        let mut b = Board::new(19).unwrap();
        let geo = b.geometry();
        for (color, col, row) in [
            (Color::Black, 4, 4),
            (Color::White, 15, 15),
            (Color::Black, 5, 5),
            (Color::White, 3, 15),
            (Color::Black, 5, 3),
            (Color::White, 5, 4),
        ] {
            b.play(color, crate::Move::Play(geo.point(col, row)))
                .unwrap();
        }
        let capture = geo.point(6, 4);
        assert!(b.captures_at(Color::Black, capture));
        let g = gammas_of(&b, Color::Black);
        let best = geo
            .points()
            .max_by(|p, q| g[p.index()].total_cmp(&g[q.index()]));
        assert_eq!(best, Some(capture));
        // The playout table alone also likes taking a stone in atari better than an empty shape.
        let model = PatternModel::shipped();
        let empty_shape = pattern3x3(&b, geo.point(10, 10), Color::Black);
        assert!(
            model.gamma3x3(pattern3x3(&b, capture, Color::Black)) > model.gamma3x3(empty_shape)
        );
    }
}
