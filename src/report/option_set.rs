//! A tournament's options as the rules line words them: each option that is set, by its key,
//! in the order a file writes them (sorted by key), read from the typed options
//! ([`Options`]). Options the types do not read (the referee refuses them; only a file with
//! no table could still hold them) are read as the file wrote them, so the line names them
//! all the same.

use crate::rules::match_record::{OneOrMany, Options};
use crate::tournament::file::TournamentFile;

/// An option's value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Set {
    Switch(bool),
    Number(u32),
    Word(String),
    Words(Vec<String>),
    /// A value of another kind, as JSON text (only in options the types do not read).
    Other(String),
}

impl Set {
    /// The value as a file writes it, a word without its quotes (`true`, `8`, `rutesheim`,
    /// `["five_sevens","auf_dissle"]`).
    pub(crate) fn written(&self) -> String {
        match self {
            Set::Switch(on) => on.to_string(),
            Set::Number(n) => n.to_string(),
            Set::Word(word) => word.clone(),
            Set::Words(words) => serde_json::to_string(words).unwrap_or_default(),
            Set::Other(text) => text.clone(),
        }
    }

    /// The word of a choice (`rutesheim`); empty for any other value.
    pub(crate) fn word(&self) -> &str {
        match self {
            Set::Word(word) => word,
            _ => "",
        }
    }
}

fn switch(key: &'static str, on: Option<bool>) -> Option<(&'static str, Set)> {
    on.map(|on| (key, Set::Switch(on)))
}

fn number(key: &'static str, n: Option<u32>) -> Option<(&'static str, Set)> {
    n.map(|n| (key, Set::Number(n)))
}

fn word(key: &'static str, word: &Option<String>) -> Option<(&'static str, Set)> {
    word.clone().map(|w| (key, Set::Word(w)))
}

/// The options that are set, by key, sorted by key.
fn typed(o: &Options) -> Vec<(String, Set)> {
    let sevens = o.sevens.clone().map(|s| match s {
        OneOrMany::One(w) => ("sevens", Set::Word(w)),
        OneOrMany::Many(list) => ("sevens", Set::Words(list)),
    });
    [
        switch("auf_farbe", o.auf_farbe),
        word("dissle_lost", &o.dissle_lost),
        switch("farbe", o.farbe),
        number("gespannt_from", o.gespannt_from),
        switch("gespannt_luft", o.gespannt_luft),
        switch("immediate_four", o.immediate_four),
        word("kritische", &o.kritische),
        switch("kritische_forced", o.kritische_forced),
        switch("luft", o.luft),
        switch("machine", o.machine),
        switch("opponents_exchange", o.opponents_exchange),
        word("overgaigel", &o.overgaigel),
        number("pack", o.pack),
        word("pair_card", &o.pair_card),
        number("players", o.players),
        switch("schneider", o.schneider),
        word("scoring", &o.scoring),
        sevens,
        switch("siebener", o.siebener),
        switch("spiel_aus", o.spiel_aus),
        number("strokes", o.strokes),
        word("three_player_strokes", &o.three_player_strokes),
        switch("weli_bell", o.weli_bell),
    ]
    .into_iter()
    .flatten()
    .map(|(key, set)| (key.to_string(), set))
    .collect()
}

/// The file's options that are set, by key, sorted by key.
pub(crate) fn options_set(file: &TournamentFile) -> Vec<(String, Set)> {
    match file.typed_options() {
        Ok(options) => options.as_ref().map(typed).unwrap_or_default(),
        // As written: the file's own JSON, at its edge.
        Err(_) => file
            .options
            .iter()
            .flatten()
            .map(|(key, v)| {
                let set = v
                    .as_bool()
                    .map(Set::Switch)
                    .or_else(|| v.as_str().map(|w| Set::Word(w.to_string())))
                    .or_else(|| {
                        v.as_u64()
                            .and_then(|n| u32::try_from(n).ok())
                            .map(Set::Number)
                    })
                    .unwrap_or_else(|| Set::Other(v.to_string()));
                (key.clone(), set)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn file(options: serde_json::Value) -> TournamentFile {
        let text = json!({"name": "T", "game": "gaigel", "format": "rounds", "options": options});
        serde_json::from_value(text).unwrap()
    }

    /// Every option the types read comes out by its key, in the file's (sorted) order, with
    /// the value as written; the list of keys is the type's, whole.
    #[test]
    fn every_typed_option_is_listed_by_its_key_in_sorted_order() {
        let all = json!({
            "auf_farbe": true, "dissle_lost": "double", "farbe": false, "gespannt_from": 8,
            "gespannt_luft": true, "immediate_four": true, "kritische": "two",
            "kritische_forced": true, "luft": true, "machine": true, "opponents_exchange": true,
            "overgaigel": "at_once", "pack": 2, "pair_card": "free", "players": 3,
            "schneider": false, "scoring": "rutesheim", "sevens": ["five_sevens", "auf_dissle"],
            "siebener": true, "spiel_aus": true, "strokes": 5, "three_player_strokes": "loser",
            "weli_bell": true
        });
        let f = file(all.clone());
        assert!(f.typed_options().is_ok());
        let set = options_set(&f);
        let keys: Vec<&str> = set.iter().map(|(k, _)| k.as_str()).collect();
        let want: Vec<&str> = all
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, want);
        for (key, set) in &set {
            let v = &all[key.as_str()];
            let written = v.as_str().map_or_else(|| v.to_string(), str::to_string);
            assert_eq!(set.written(), written, "{key}");
        }
    }

    /// Options the types do not read are listed as written.
    #[test]
    fn options_the_types_do_not_read_are_listed_as_written() {
        let f = file(json!({"future": 2.5, "players": 3, "scoring": "rutesheim"}));
        assert!(f.typed_options().is_err());
        assert_eq!(
            options_set(&f),
            [
                ("future".to_string(), Set::Other("2.5".into())),
                ("players".to_string(), Set::Number(3)),
                ("scoring".to_string(), Set::Word("rutesheim".into())),
            ]
        );
    }
}
