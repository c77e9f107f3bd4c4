package main

// repoRoot is the repository, seen from this package's directory.
const repoRoot = "../.."
