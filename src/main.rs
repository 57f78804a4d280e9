fn main() {
    let cli = latrunculi::cli::parse_args();
    std::process::exit(latrunculi::cli::run(cli));
}
