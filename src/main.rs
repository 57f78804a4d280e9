use clap::Parser;

fn main() {
    let cli = latrunculi::cli::Cli::parse();
    std::process::exit(latrunculi::cli::run(cli));
}
