//! The seeded random numbers behind every draw: SplitMix64 (Steele, Lea, Flood 2014), written
//! out here so that a seed stored today gives the same draw after any dependency upgrade.
//!
//! The algorithm is fixed forever: changing it would change old draws. A test pins its output.

/// SplitMix64: a 64-bit state advanced by a constant, each output a mix of the state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose whole future is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (0 when `n` is 0), without modulo bias: draws that fall in
    /// the incomplete last block of `n` values are thrown away and drawn again.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Shuffles `items` in place (Fisher-Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_gives_the_reference_outputs_for_seed_zero() {
        // The published reference values of SplitMix64 from state 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn a_shuffle_is_pinned_so_stored_seeds_keep_their_draws() {
        let mut rng = SplitMix64::new(20261121);
        let mut v: Vec<u32> = (1..=9).collect();
        rng.shuffle(&mut v);
        assert_eq!(v, PINNED);
    }

    const PINNED: [u32; 9] = [1, 7, 9, 5, 6, 2, 3, 8, 4];

    #[test]
    fn below_stays_in_range() {
        let mut rng = SplitMix64::new(7);
        for n in 1..50 {
            assert!(rng.below(n) < n);
        }
        assert_eq!(rng.below(0), 0);
    }
}
