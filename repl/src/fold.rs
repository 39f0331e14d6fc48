//! Long option lists folded to fit the screen: options of one kind (the same option id, or
//! for a game without ids the same first word) become one entry that opens a sub-list
//! ("Swap your … (16 choices)"), so that a question of 47 options shows ten entries; when
//! even the entries do not fit the rows left, the last of them go behind one entry,
//! "More … (9 choices)", whose sub-list fits a screen of its own (and holds a "More …" of
//! its own if need be): every option is always a few numbers away.
//!
//! Folding changes only what is shown and how a typed number is read at a terminal: the
//! answer is still one of the question's options, by its number in the question (the
//! record, saves and piped input keep the question's own numbering, unfolded). The REPL
//! folds only single-choice questions, only when their list would not fit the rows left
//! under the view, and folds the largest kinds first.

use crate::words;

/// One entry of a folded list.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// An option, by its 1-based number in the question.
    One(u32),
    /// Options of one kind: the entry's label and the options' numbers, in order.
    Group { label: String, members: Vec<u32> },
    /// The entries that did not fit the rows left: the entry's label and theirs.
    More { label: String, items: Vec<Item> },
}

impl Item {
    /// How many of the question's options the entry leads to.
    pub fn options(&self) -> usize {
        match self {
            Item::One(_) => 1,
            Item::Group { members, .. } => members.len(),
            Item::More { items, .. } => items.iter().map(Item::options).sum(),
        }
    }

    /// The entries of the sub-list the entry opens (none for an option).
    pub fn sub_list(&self) -> Vec<Item> {
        match self {
            Item::One(_) => Vec::new(),
            Item::Group { members, .. } => members.iter().map(|&m| Item::One(m)).collect(),
            Item::More { items, .. } => items.clone(),
        }
    }
}

/// Every option of `labels` as an entry of its own, unfolded.
pub fn each(labels: &[String]) -> Vec<Item> {
    (1..=labels.len() as u32).map(Item::One).collect()
}

/// `items` within `rows` terminal rows of `cols` columns as [`lines`] draws them (each
/// line after two spaces): all of them when they fit; else the first ones that fit in
/// all but one row, and a last entry "More … (N choices)" holding the rest, which fit
/// in turn in `more_rows` (a screen of their own). At least one entry is kept each time,
/// so every option stays reachable however few the rows.
pub fn page(items: Vec<Item>, labels: &[String], rows: usize, cols: usize, more_rows: usize) -> Vec<Item> {
    let rows_of = |l: &String| (l.chars().count() + 2).div_ceil(cols.max(1)).max(1);
    let drawn = lines(&items, labels);
    if drawn.iter().map(rows_of).sum::<usize>() <= rows {
        return items;
    }
    let (mut kept, mut used) = (0, 0);
    for line in &drawn {
        let r = rows_of(line);
        if kept > 0 && used + r > rows.saturating_sub(1) {
            break;
        }
        kept += 1;
        used += r;
    }
    let mut items = items;
    let rest = items.split_off(kept);
    let n = rest.iter().map(Item::options).sum();
    let label = format!("More … ({})", words::count(n, "choice"));
    items.push(Item::More { label, items: page(rest, labels, more_rows, cols, more_rows) });
    items
}
/// `labels` (with their option ids, when the game gives them) folded into at most `max`
/// entries where folding can do it: kinds of three options or more, largest first, each at
/// the place of its first option. None when the list fits already or folding does not
/// shorten it.
pub fn fold(labels: &[String], ids: &[Option<String>], max: usize) -> Option<Vec<Item>> {
    if labels.len() <= max {
        return None;
    }
    // The kinds in order of first appearance, each with its options.
    let mut kinds: Vec<(String, Vec<u32>)> = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        let key = match ids.get(i).and_then(|k| k.as_deref()) {
            Some(id) => format!("id:{id}"),
            None => format!("word:{}", label.split_whitespace().next().unwrap_or("").to_lowercase()),
        };
        match kinds.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(i as u32 + 1),
            None => kinds.push((key, vec![i as u32 + 1])),
        }
    }
    // Fold the largest kinds until the list fits (or nothing is left to fold).
    // A kind of two is not worth a sub-list: choosing would take two steps for one row.
    let mut order: Vec<usize> = (0..kinds.len()).filter(|&k| kinds[k].1.len() > 2).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(kinds[k].1.len()));
    let mut folded = vec![false; kinds.len()];
    let mut entries = labels.len();
    for k in order {
        if entries <= max {
            break;
        }
        folded[k] = true;
        entries -= kinds[k].1.len() - 1;
    }
    if entries == labels.len() {
        return None;
    }
    let mut items = Vec::with_capacity(entries);
    for (i, _) in labels.iter().enumerate() {
        let n = i as u32 + 1;
        match kinds.iter().position(|(_, m)| m.contains(&n)) {
            Some(k) if folded[k] => {
                if kinds[k].1[0] == n {
                    let members = kinds[k].1.clone();
                    let label =
                        group_label(&members.iter().map(|&m| labels[m as usize - 1].as_str()).collect::<Vec<_>>());
                    items.push(Item::Group { label, members });
                }
            }
            _ => items.push(Item::One(n)),
        }
    }
    Some(items)
}

/// A folded kind's entry: the words its labels begin with, then "…" and how many there
/// are ("Swap your … (16 choices)").
fn group_label(labels: &[&str]) -> String {
    let mut words: Vec<&str> = labels.first().map(|l| l.split_whitespace().collect()).unwrap_or_default();
    for l in &labels[1..] {
        let common = words.iter().zip(l.split_whitespace()).take_while(|(a, b)| *a == b).count();
        words.truncate(common);
    }
    let n = labels.len();
    if words.is_empty() {
        format!("{n} choices …")
    } else {
        format!("{} … ({n} choices)", words.join(" "))
    }
}

/// The entries as numbered lines, the numbers aligned (`labels` are the question's).
pub fn lines(items: &[Item], labels: &[String]) -> Vec<String> {
    let digits = items.len().to_string().len();
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Item::One(n) => format!("{:>digits$}) {}", i + 1, labels[*n as usize - 1]),
            Item::Group { label, .. } | Item::More { label, .. } => format!("{:>digits$}) {label}", i + 1),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_largest_kinds_fold_first_each_where_it_began() {
        let l = labels(&[
            "Move to N1",
            "Give Rock to Slim",
            "Swap your Rock for Slim's Knife",
            "Give Knife to Slim",
            "Swap your Knife for Slim's Rock",
            "Swap your Colt for Slim's Rock",
            "End the turn",
        ]);
        let ids = vec![None; l.len()];
        assert_eq!(fold(&l, &ids, 7), None, "it fits");
        let items = fold(&l, &ids, 5).expect("folded");
        assert_eq!(
            items,
            vec![
                Item::One(1),
                Item::One(2),
                Item::Group { label: "Swap your … (3 choices)".into(), members: vec![3, 5, 6] },
                Item::One(4),
                Item::One(7),
            ]
        );
        assert_eq!(fold(&l, &ids, 4), Some(items), "a kind of two is not folded");
        let many = labels(&["a 1", "a 2", "a 3", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]);
        let items = fold(&many, &vec![None; many.len()], 11).expect("folded");
        assert_eq!(lines(&items, &many)[..2], [" 1) a … (3 choices)".to_string(), " 2) b".into()]);
    }

    #[test]
    fn option_ids_say_the_kind_when_the_game_gives_them() {
        let l = labels(&["Go north", "Walk south", "Run east", "Stay"]);
        let ids =
            vec![Some("move".to_string()), Some("move".to_string()), Some("move".to_string()), Some("stay".into())];
        let items = fold(&l, &ids, 2).expect("folded");
        assert_eq!(items[0], Item::Group { label: "3 choices …".into(), members: vec![1, 2, 3] });
        assert_eq!(fold(&labels(&["a x", "b y", "c z"]), &[None, None, None], 2), None, "nothing to fold");
    }

    /// Entries that do not fit go behind "More …", whose sub-list fits a screen of its
    /// own; a long label counts the rows it wraps onto; what fits stays as it is.
    #[test]
    fn what_does_not_fit_goes_behind_more() {
        let l = labels(&["a", "b", "c", "d", "e", "f", "g"]);
        assert_eq!(page(each(&l), &l, 7, 80, 20), each(&l), "it fits");
        let items = page(each(&l), &l, 4, 80, 3);
        assert_eq!(items[..3], [Item::One(1), Item::One(2), Item::One(3)]);
        let Item::More { label, items: rest } = &items[3] else { panic!("{items:?}") };
        assert_eq!(label, "More … (4 choices)");
        assert_eq!(rest[..2], [Item::One(4), Item::One(5)], "two, and a More of their own");
        assert_eq!(rest[2].options(), 2);
        assert_eq!(rest[2].sub_list(), [Item::One(6), Item::One(7)]);
        let long = vec!["x ".repeat(50), "y".into(), "z".into(), "w".into()];
        let items = page(each(&long), &long, 4, 80, 10);
        assert_eq!(items.len(), 3, "the first wraps onto two rows: {items:?}");
        assert!(matches!(&items[2], Item::More { items, .. } if items == &[Item::One(3), Item::One(4)]));
        assert_eq!(page(each(&l), &l, 0, 80, 0).len(), 2, "one kept each time, however few the rows");
    }
}
