//! The README's route table against the routes the service registers: every route of
//! `src/web/` (read from the source as the access test reads it, `access::routes_in_source`)
//! has a line in the table, and every line names a route that exists. A failure says which
//! line to add or to remove.

use std::collections::BTreeSet;

use crate::access::routes_in_source;

/// The README, read when the test runs (so an edit needs no rebuild).
fn readme() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One line of the route table: its number in the README, its methods and its path.
#[derive(Debug)]
struct Line {
    number: usize,
    methods: Vec<String>,
    path: String,
}

/// The rows of the table under the heading `### Routes`: `` | `GET`, `POST` | `/path` | what | ``.
/// A row that does not read so is an error naming its line.
fn route_table(readme: &str) -> Result<Vec<Line>, String> {
    let mut lines = readme.lines().enumerate().map(|(i, l)| (i + 1, l));
    lines
        .by_ref()
        .find(|(_, l)| l.trim() == "### Routes")
        .ok_or("README.md has no heading `### Routes`")?;
    let rows = lines
        .skip_while(|(_, l)| !l.starts_with('|'))
        .take_while(|(_, l)| l.starts_with('|'))
        .skip(2); // the header and its rule
    rows.map(|(number, text)| {
        let cells: Vec<&str> = text.split('|').map(str::trim).collect();
        let unquote = |cell: &str| {
            cell.strip_prefix('`')
                .and_then(|c| c.strip_suffix('`'))
                .map(str::to_string)
        };
        let methods: Option<Vec<String>> = cells
            .get(1)
            .and_then(|c| c.split(',').map(|m| unquote(m.trim())).collect());
        match (methods, cells.get(2).and_then(|c| unquote(c))) {
            (Some(methods), Some(path)) if path.starts_with('/') => Ok(Line {
                number,
                methods,
                path,
            }),
            _ => Err(format!(
                "README.md line {number} does not read as `| `METHOD`[, `METHOD`] | `/path` | what |`: {text}"
            )),
        }
    })
    .collect()
}

/// The table's line after which a new route fits best: the last one whose path shares the
/// longest start with it.
fn neighbour<'a>(table: &'a [Line], path: &str) -> Option<&'a Line> {
    let shared = |line: &Line| {
        line.path
            .chars()
            .zip(path.chars())
            .take_while(|(a, b)| a == b)
            .count()
    };
    let best = table.iter().map(shared).max()?;
    table.iter().rev().find(|line| shared(line) == best)
}

/// What is wrong between the table and the source, one instruction per route; empty when
/// they agree.
fn differences(table: &[Line], in_source: &BTreeSet<(String, String)>) -> Vec<String> {
    let mut faults = Vec::new();
    let mut listed = BTreeSet::new();
    for line in table {
        for method in &line.methods {
            let route = (method.clone(), line.path.clone());
            if !listed.insert(route.clone()) {
                faults.push(format!(
                    "README.md line {}: `{method} {}` is listed twice: remove it from this line",
                    line.number, line.path
                ));
            } else if !in_source.contains(&route) {
                faults.push(format!(
                    "README.md line {}: the service has no route `{method} {}`: remove it from this line",
                    line.number, line.path
                ));
            }
        }
    }
    for (method, path) in in_source.difference(&listed) {
        if let Some(same) = table.iter().find(|line| line.path == *path) {
            faults.push(format!(
                "README.md line {} (`{path}`): add `{method}` to its methods",
                same.number
            ));
            continue;
        }
        let place = neighbour(table, path)
            .map(|n| format!("after line {} (`{}`)", n.number, n.path))
            .unwrap_or_else(|| "at the end of the table".to_string());
        faults.push(format!(
            "README.md, section Routes, {place}: add the line\n| `{method}` | `{path}` | (what it does) |"
        ));
    }
    faults
}

#[test]
fn the_readme_lists_every_route_of_the_service_and_no_other() {
    let in_source = routes_in_source();
    assert!(in_source.len() > 40, "the source scan finds the routes");
    let table = route_table(&readme()).unwrap_or_else(|e| panic!("{e}"));
    let faults = differences(&table, &in_source);
    assert!(
        faults.is_empty(),
        "the README's route table and the service's routes differ:\n{}",
        faults.join("\n")
    );
}

#[test]
fn a_route_missing_from_the_table_is_named_with_the_line_to_add() {
    // The check itself, on a table that lacks a route and a method and names a route that
    // does not exist.
    let readme = "### Routes\n\n| method | path | what |\n|---|---|---|\n\
                  | `GET`, `POST` | `/s/{token}` | the scorer |\n| `GET` | `/gone` | old |\n";
    let table = route_table(readme).unwrap();
    let source: BTreeSet<_> = [
        ("GET", "/s/{token}"),
        ("POST", "/s/{token}"),
        ("PUT", "/s/{token}"),
        ("GET", "/s/{token}/pad"),
    ]
    .map(|(m, p)| (m.to_string(), p.to_string()))
    .into();
    assert_eq!(
        differences(&table, &source),
        [
            "README.md line 6: the service has no route `GET /gone`: remove it from this line",
            "README.md, section Routes, after line 5 (`/s/{token}`): add the line\n\
             | `GET` | `/s/{token}/pad` | (what it does) |",
            "README.md line 5 (`/s/{token}`): add `PUT` to its methods",
        ]
    );
    assert!(route_table("### Routes\n\n| a | b | c |\n|---|---|---|\n| GET | /x | y |\n").is_err());
}
