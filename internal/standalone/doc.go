// Package standalone holds the check that the repository stands on its own: no tracked
// file may point at files outside it (a folder beside the checkout, a path on one
// machine), since a person who clones the project has none of them. It has no code of
// its own; the check is its test.
package standalone
