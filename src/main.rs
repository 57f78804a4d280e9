use std::io;

fn main() {
    latrunculi::protocol::run(io::stdin().lock(), io::stdout().lock());
}
