# fish completion for arbiter(1); tests/docs-test.sh checks that it names
# every command and option of `arbiter --help`.
set -l commands check score dump fmt moves
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a check -d 'replay every game and print a verdict per game (the default)'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a score -d 'like check, and list every score event'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a dump -d 'print the board after the last move, or after move --at N'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a fmt -d 'print the records in canonical TGN; -i rewrites the files'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a moves -d 'list the legal moves after move --at N'
complete -c arbiter -l at -x -d 'dump, moves: the position after move N'
complete -c arbiter -l data -r -F -d "replace a game's built-in data with FILE (YAML)"
complete -c arbiter -s f -l format -x -a 'text yaml json tsv' -d 'output format'
complete -c arbiter -s g -l game -x -a 'carcassonne catan elasund' -d 'dump --labels without a record: the game to draw'
complete -c arbiter -s h -l help -d 'print this help and exit'
complete -c arbiter -s i -l in-place -d 'fmt: rewrite each FILE atomically'
complete -c arbiter -s k -l keep-going -d 'after a syntax or record error, go on with the next game'
complete -c arbiter -l labels -d 'dump: print the coordinate diagram of the notation'
complete -c arbiter -s q -l quiet -d 'print nothing; the exit status tells the result'
complete -c arbiter -l snapshot -d 'dump: print the position as a Setup tag'
complete -c arbiter -s V -l version -d 'print the version and exit'
complete -c arbiter -f -a '(__fish_complete_suffix .tgn)'
