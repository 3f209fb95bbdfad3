"""A tiny game that lives only in the tests, registered as a plug-in through the
`albion.games` entry point of the `albion_highcard` distribution beside it."""
