//! Zero-sum matrix games solved exactly: rational numbers and the simplex
//! method.
//!
//! The simultaneous opening is a matrix game: A picks a row, B a column,
//! and the entry is A's margin with perfect play afterwards. Its value and
//! optimal mixed strategies come from the linear programme of the column
//! player (maximise `sum y` subject to `M' y <= 1`, `y >= 0`, where `M'` is
//! the matrix shifted to be positive); the row player's strategy is the
//! programme's dual, read off the final tableau. Arithmetic is exact (a
//! fraction of two `i128`s, always reduced) and pivots follow Bland's rule,
//! so the method ends and gives the same answer everywhere. An overflow is
//! reported, never wrapped.

use std::cmp::Ordering;
use std::fmt;

/// An exact fraction `numerator / denominator`, reduced, denominator positive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// An integer.
    pub fn from_int(n: i64) -> Ratio {
        Ratio {
            num: n as i128,
            den: 1,
        }
    }

    /// `num / den`, reduced; `None` when `den` is zero.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Some(Ratio {
            num: sign * num / g,
            den: sign * den / g,
        })
    }

    /// The numerator (the sign is here).
    pub fn numerator(self) -> i128 {
        self.num
    }
    /// The denominator, positive.
    pub fn denominator(self) -> i128 {
        self.den
    }
    /// Whether it is a whole number.
    pub fn is_integer(self) -> bool {
        self.den == 1
    }
    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// `self + other`, or `None` on overflow.
    pub fn checked_add(self, other: Ratio) -> Option<Ratio> {
        let g = gcd(self.den, other.den).max(1);
        let num = self
            .num
            .checked_mul(other.den / g)?
            .checked_add(other.num.checked_mul(self.den / g)?)?;
        Ratio::new(num, (self.den / g).checked_mul(other.den)?)
    }
    /// `self - other`, or `None` on overflow.
    pub fn checked_sub(self, other: Ratio) -> Option<Ratio> {
        self.checked_add(Ratio {
            num: other.num.checked_neg()?,
            den: other.den,
        })
    }
    /// `self * other`, or `None` on overflow.
    pub fn checked_mul(self, other: Ratio) -> Option<Ratio> {
        let g1 = gcd(self.num, other.den).max(1);
        let g2 = gcd(other.num, self.den).max(1);
        Ratio::new(
            (self.num / g1).checked_mul(other.num / g2)?,
            (self.den / g2).checked_mul(other.den / g1)?,
        )
    }
    /// `self / other`, or `None` on overflow or division by zero.
    pub fn checked_div(self, other: Ratio) -> Option<Ratio> {
        if other.num == 0 {
            return None;
        }
        self.checked_mul(Ratio::new(other.den, other.num)?)
    }
    /// Whether it is below zero.
    pub fn is_negative(self) -> bool {
        self.num < 0
    }
    /// Whether it is above zero.
    pub fn is_positive(self) -> bool {
        self.num > 0
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        // Both denominators are positive. Compare a/b with c/d through
        // a*d and c*b, falling back to floating point only on overflow
        // (then the two are far apart or equal only if identical).
        match (
            self.num.checked_mul(other.den),
            other.num.checked_mul(self.den),
        ) {
            (Some(x), Some(y)) => x.cmp(&y),
            _ if self == other => Ordering::Equal,
            _ => self
                .to_f64()
                .partial_cmp(&other.to_f64())
                .unwrap_or(Ordering::Equal),
        }
    }
}

impl fmt::Display for Ratio {
    /// `5`, or `-3/7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// A solved matrix game: its value for the row player and optimal mixed
/// strategies (probabilities in row and column order, summing to one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixSolution {
    /// What the row player gets on average with both playing optimally.
    pub value: Ratio,
    /// The row player's optimal mix.
    pub rows: Vec<Ratio>,
    /// The column player's optimal mix.
    pub columns: Vec<Ratio>,
}

/// Solves the zero-sum game with these payoffs to the row player (who
/// maximises). `None` for an empty or ragged matrix or if exact arithmetic
/// overflows.
pub fn solve_matrix_game(matrix: &[Vec<Ratio>]) -> Option<MatrixSolution> {
    let m = matrix.len();
    let n = matrix.first()?.len();
    if n == 0 || matrix.iter().any(|r| r.len() != n) {
        return None;
    }
    // Shift every payoff above zero so that the value is positive.
    let lowest = *matrix.iter().flatten().min()?;
    let shift = Ratio::ONE.checked_sub(lowest)?;
    // Tableau: m constraint rows [M' | I | 1], then the objective row
    // [-1 .. -1 | 0 .. 0 | 0]. Columns 0..n are y, n..n+m the slacks.
    let width = n + m + 1;
    let mut t = vec![vec![Ratio::ZERO; width]; m + 1];
    for i in 0..m {
        for j in 0..n {
            t[i][j] = matrix[i][j].checked_add(shift)?;
        }
        t[i][n + i] = Ratio::ONE;
        t[i][width - 1] = Ratio::ONE;
    }
    for cost in t[m][..n].iter_mut() {
        *cost = Ratio::from_int(-1);
    }
    let mut basis: Vec<usize> = (n..n + m).collect();
    // Bland's rule: the lowest-numbered column with a negative cost enters.
    while let Some(enter) = (0..n + m).find(|&j| t[m][j].is_negative()) {
        // The ratio test; ties go to the lowest-numbered basic variable.
        let mut leave: Option<(usize, Ratio)> = None;
        for i in 0..m {
            if t[i][enter].is_positive() {
                let r = t[i][width - 1].checked_div(t[i][enter])?;
                let better = match leave {
                    None => true,
                    Some((l, best)) => r < best || (r == best && basis[i] < basis[l]),
                };
                if better {
                    leave = Some((i, r));
                }
            }
        }
        // The programme is bounded (M' > 0), so some row qualifies.
        let (row, _) = leave?;
        let pivot = t[row][enter];
        for v in t[row].iter_mut() {
            *v = v.checked_div(pivot)?;
        }
        let pivot_row = t[row].clone();
        for (i, line) in t.iter_mut().enumerate() {
            if i != row && line[enter] != Ratio::ZERO {
                let factor = line[enter];
                for (v, &p) in line.iter_mut().zip(&pivot_row) {
                    *v = v.checked_sub(p.checked_mul(factor)?)?;
                }
            }
        }
        basis[row] = enter;
    }
    let total = t[m][width - 1]; // sum of y = 1 / value'
    let mut columns = vec![Ratio::ZERO; n];
    for (i, &b) in basis.iter().enumerate() {
        if b < n {
            columns[b] = t[i][width - 1].checked_div(total)?;
        }
    }
    let rows = (0..m)
        .map(|i| t[m][n + i].checked_div(total))
        .collect::<Option<Vec<_>>>()?;
    let value = Ratio::ONE.checked_div(total)?.checked_sub(shift)?;
    Some(MatrixSolution {
        value,
        rows,
        columns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(rows: &[&[i64]]) -> Vec<Vec<Ratio>> {
        rows.iter()
            .map(|r| r.iter().map(|&x| Ratio::from_int(x)).collect())
            .collect()
    }

    /// The solution is optimal: the row mix guarantees at least the value
    /// against every column, the column mix concedes at most the value
    /// against every row, and both are distributions.
    fn certify(matrix: &[Vec<Ratio>], s: &MatrixSolution) {
        let sum = |v: &[Ratio]| {
            v.iter()
                .fold(Ratio::ZERO, |a, &b| a.checked_add(b).unwrap())
        };
        assert_eq!(sum(&s.rows), Ratio::ONE);
        assert_eq!(sum(&s.columns), Ratio::ONE);
        assert!(s.rows.iter().chain(&s.columns).all(|p| !p.is_negative()));
        for j in 0..matrix[0].len() {
            let payoff = (0..matrix.len()).fold(Ratio::ZERO, |a, i| {
                a.checked_add(s.rows[i].checked_mul(matrix[i][j]).unwrap())
                    .unwrap()
            });
            assert!(payoff >= s.value, "column {j}: {payoff} < {}", s.value);
        }
        for (i, row) in matrix.iter().enumerate() {
            let payoff = row.iter().zip(&s.columns).fold(Ratio::ZERO, |a, (&x, &q)| {
                a.checked_add(x.checked_mul(q).unwrap()).unwrap()
            });
            assert!(payoff <= s.value, "row {i}: {payoff} > {}", s.value);
        }
    }

    #[test]
    fn known_games_have_their_known_values() {
        // Matching pennies: value 0, each side half and half.
        let pennies = ints(&[&[1, -1], &[-1, 1]]);
        let s = solve_matrix_game(&pennies).unwrap();
        assert_eq!(s.value, Ratio::ZERO);
        assert_eq!(s.rows, vec![Ratio::new(1, 2).unwrap(); 2]);
        certify(&pennies, &s);
        // A 2x2 without a saddle: value (3*1 - (-1)(-2)) / (3 + 1 + 1 + 2) = 1/7.
        let g = ints(&[&[3, -1], &[-2, 1]]);
        let s = solve_matrix_game(&g).unwrap();
        assert_eq!(s.value, Ratio::new(1, 7).unwrap());
        assert_eq!(
            s.rows,
            vec![Ratio::new(3, 7).unwrap(), Ratio::new(4, 7).unwrap()]
        );
        certify(&g, &s);
        // A saddle point: row 2, column 1, value 4.
        let saddle = ints(&[&[1, 5, 2], &[4, 6, 7], &[0, -3, 9]]);
        let s = solve_matrix_game(&saddle).unwrap();
        assert_eq!(s.value, Ratio::from_int(4));
        assert_eq!(s.rows[1], Ratio::ONE);
        assert_eq!(s.columns[0], Ratio::ONE);
        certify(&saddle, &s);
        // Rock, paper, scissors.
        let rps = ints(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]);
        let s = solve_matrix_game(&rps).unwrap();
        assert_eq!(s.value, Ratio::ZERO);
        assert_eq!(s.rows, vec![Ratio::new(1, 3).unwrap(); 3]);
        certify(&rps, &s);
    }

    #[test]
    fn seeded_random_games_are_solved_optimally() {
        let mut state = 0x1234_5678_u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % 41) as i64 - 20
        };
        for size in 1..=11usize {
            for cols in [1usize, 2, size, 11] {
                let g: Vec<Vec<Ratio>> = (0..size)
                    .map(|_| (0..cols).map(|_| Ratio::from_int(next())).collect())
                    .collect();
                let s = solve_matrix_game(&g).expect("solved");
                certify(&g, &s);
            }
        }
    }

    #[test]
    fn ratios_reduce_and_order() {
        let a = Ratio::new(6, -4).unwrap();
        assert_eq!((a.numerator(), a.denominator()), (-3, 2));
        assert_eq!(a.to_string(), "-3/2");
        assert!(a < Ratio::from_int(-1));
        assert_eq!(
            a.checked_add(Ratio::new(3, 2).unwrap()).unwrap(),
            Ratio::ZERO
        );
        assert!(Ratio::new(1, 0).is_none());
    }
}
