//! Writing a file whole or not at all.
//!
//! Books, nets, training data and study reports can take hours to make: each is written to a
//! temporary name beside its place and then renamed over it, so that a failed or interrupted
//! write leaves the old file (or none) in place, never half of a new one.

use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through `<path>.partial`, renamed into place. On failure the
/// temporary file is removed and `path` is as it was; the caller names the error.
pub fn write_whole(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    let tmp = partial_name(path);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// `<path>.partial`: beside the file, so that the rename stays on one file system.
fn partial_name(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("latrunculi-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_is_left() {
        let dir = scratch("replace");
        let file = dir.join("book.bin");
        write_whole(&file, b"old").unwrap();
        write_whole(&file, b"new contents").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"new contents");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("book.bin")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_rename_leaves_the_old_place_as_it_was() {
        // A directory stands where the file should go: the rename fails.
        let dir = scratch("fail");
        let target = dir.join("taken");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("inside"), b"kept").unwrap();
        assert!(write_whole(&target, b"data").is_err());
        assert_eq!(std::fs::read(target.join("inside")).unwrap(), b"kept");
        assert!(!partial_name(&target).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_an_error_and_nothing_is_written() {
        let dir = scratch("missing");
        let file = dir.join("no-such-folder").join("net.nnue");
        assert!(write_whole(&file, b"data").is_err());
        assert!(!file.exists() && !partial_name(&file).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
