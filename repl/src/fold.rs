//! Long option lists folded to fit the screen: options of one kind (the same option id, or
//! for a game without ids the same first word) become one entry that opens a sub-list
//! ("Swap your … (16 choices)"), so that a question of 47 options shows ten entries.
//!
//! Folding changes only what is shown and how a typed number is read at a terminal: the
//! answer is still one of the question's options, by its number in the question (the
//! record, saves and piped input keep the question's own numbering, unfolded). The REPL
//! folds only single-choice questions, only when their list would not fit the rows left
//! under the view, and folds the largest kinds first.

/// One entry of a folded list.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// An option, by its 1-based number in the question.
    One(u32),
    /// Options of one kind: the entry's label and the options' numbers, in order.
    Group { label: String, members: Vec<u32> },
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
            Item::Group { label, .. } => format!("{:>digits$}) {label}", i + 1),
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
}
