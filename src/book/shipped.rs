//! The books and opening suites that ship with the engine, embedded in the binary, so that
//! an installed copy (`cargo install --path .`) has them wherever it runs. Files on disk
//! come first (a book rebuilt in `books/` is used at once); these are the fallback.

/// The shipped books, by file name.
const BOOKS: &[(&str, &[u8])] = &[
    (
        "kowalski-8x12.book",
        include_bytes!("../../books/kowalski-8x12.book"),
    ),
    (
        "little-soldiers.book",
        include_bytes!("../../books/little-soldiers.book"),
    ),
    ("luductus.book", include_bytes!("../../books/luductus.book")),
    ("murray.book", include_bytes!("../../books/murray.book")),
    (
        "schadler-2001-16.book",
        include_bytes!("../../books/schadler-2001-16.book"),
    ),
];

/// The shipped opening suites for matches, by book name (`books/openings/<name>.txt`).
const SUITES: &[(&str, &str)] = &[
    (
        "kowalski-8x12",
        include_str!("../../books/openings/kowalski-8x12.txt"),
    ),
    (
        "little-soldiers",
        include_str!("../../books/openings/little-soldiers.txt"),
    ),
    (
        "luductus",
        include_str!("../../books/openings/luductus.txt"),
    ),
    ("murray", include_str!("../../books/openings/murray.txt")),
    (
        "schadler-2001-16",
        include_str!("../../books/openings/schadler-2001-16.txt"),
    ),
];

/// The embedded copy of a shipped book file (`murray.book`).
pub fn book(file_name: &str) -> Option<&'static [u8]> {
    BOOKS.iter().find(|(n, _)| *n == file_name).map(|(_, b)| *b)
}

/// The embedded opening suite of a book name (`murray`, `schadler-2001-16`).
pub fn suite(name: &str) -> Option<&'static str> {
    SUITES.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// The book names that have a shipped opening suite.
pub fn suite_names() -> impl Iterator<Item = &'static str> {
    SUITES.iter().map(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_book_and_suite_is_embedded_and_reads() {
        for (name, bytes) in super::BOOKS {
            let book = crate::book::Book::from_bytes(bytes, None).unwrap();
            assert!(book.len() > 1000, "{name}: {} positions", book.len());
        }
        for name in super::suite_names() {
            let suite = super::suite(name).unwrap();
            assert!(
                suite.lines().filter(|l| !l.starts_with('#')).count() >= 50,
                "{name}"
            );
        }
        assert!(super::book("nothing.book").is_none());
    }
}
