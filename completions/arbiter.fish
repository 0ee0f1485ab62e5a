# fish completion for arbiter(1).  tests/options-test.sh holds its
# commands, options, value lists and options with arguments to
# `arbiter --help` (which prints the table of src/cli/options.h).
set -l commands check score dump fmt moves select gen standings import view referee bot match help
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a check -d 'replay every game and print a verdict per game (the default)'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a score -d 'like check, and list every score event'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a dump -d 'print the board after the last move, or after move --at N'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a fmt -d 'print the records in canonical TGN; -i rewrites the files'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a moves -d 'list the legal moves after move --at N'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a select -d 'print only the games that match, byte for byte'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a gen -d 'write random legal games of --game NAME (seeded)'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a standings -d 'tournament standings from records or from check results'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a import -d "convert other programs' saves (--from FORMAT) to TGN"
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a view -d 'write an HTML page per game to step through every position'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a referee -d 'hold one game live: actions on standard input, answers on standard output'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a bot -d "play one seat from the seat's side of the referee protocol (the random baseline)"
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a match -d 'play a tournament between bot programs, a process per seat'
complete -c arbiter -n "not __fish_seen_subcommand_from $commands" -a help -d "print the help, or with COMMAND that command's options"
complete -c arbiter -n "__fish_seen_subcommand_from help" -f -a "$commands"
complete -c arbiter -l from -x -a 'auto jcz soclog pioneers' -d "import: the input's format"
complete -c arbiter -l duplicates -x -a 'skip warn count' -d 'standings: a game read twice: skip it, warn, or count it'
complete -c arbiter -l group -x -a 'event round table none' -d 'standings: a table per event, round or table, or one of all games'
complete -c arbiter -l names -x -a 'fold exact' -d 'standings: fold case and blanks of names, or keep them exact'
complete -c arbiter -l include-illegal -d 'standings: count illegal games with the scores reached'
complete -c arbiter -l scheme -r -a 'placement wins share' -d 'standings: placement, wins, share, or a YAML file'
complete -c arbiter -l rating -x -a 'elo plackett-luce' -d "standings: each player's rating and 95 % interval"
complete -c arbiter -l sprt -x -d 'standings: test two players: ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA'
complete -c arbiter -s n -l count -x -d 'gen: write N games'
complete -c arbiter -l max-moves -x -d 'gen: stop a game after N moves'
complete -c arbiter -l players -x -d 'gen: seats per game'
complete -c arbiter -l view -x -d "gen: write each game as WHO saw it: observer or a seat's colour"
complete -c arbiter -s s -l seed -x -d 'gen, referee, bot: the random seed'
complete -c arbiter -l strategy -x -a 'random human hot-seat' -d 'bot: how the bot chooses'
complete -c arbiter -l terminal -r -d 'bot: the terminal a human seat plays at'
complete -c arbiter -l bot -x -d 'match: a player, NAME=COMMAND (arbiter, human, hot-seat: built in)'
complete -c arbiter -l games -x -d 'match: games to play'
complete -c arbiter -l gauntlet -x -d 'match: bot NAME plays every game'
complete -c arbiter -l tc -x -d "match: each seat's clock, BASE+INC seconds"
complete -c arbiter -l move-time -x -d 'match: the most one action may take, in seconds'
complete -c arbiter -l duplicate -d 'match: deal the same game to every rotation of the seats'
complete -c arbiter -l recover -d 'match: start a bot whose process ended again for its next game'
complete -c arbiter -l resume -d 'match: go on with the match whose records -o holds'
complete -c arbiter -l views -r -a '(__fish_complete_directories)' -d "match: write each seat's view records into DIR"
complete -c arbiter -l chance -x -a 'dealt supplied' -d 'referee: who decides chance: the referee from --seed, or the seats'
complete -c arbiter -l variant -x -d "referee: the game's rule options, as a Variant tag holds them"
complete -c arbiter -l at -x -d 'dump, moves, view: the position after move N'
complete -c arbiter -l data -r -F -d "replace a game's built-in data with FILE (YAML)"
complete -c arbiter -s f -l format -x -a 'text yaml json tsv svg html' -d 'output format'
complete -c arbiter -s g -l game -x -a 'carcassonne catan elasund' -d 'select: games of game NAME; dump --labels: the game to draw'
complete -c arbiter -s h -l help -d 'print this help and exit'
complete -c arbiter -s i -l in-place -d 'fmt: rewrite each FILE atomically'
complete -c arbiter -l invalid -d 'select: games with an illegal move or a record error'
complete -c arbiter -s v -l invert-match -d 'select: print the games that do not match'
complete -c arbiter -s k -l keep-going -d 'after a syntax or record error, go on with the next game (the default)'
complete -c arbiter -l fail-fast -d 'stop at the first syntax or record error'
complete -c arbiter -s j -l jobs -x -d 'check, score, select, fmt: replay on N threads'
complete -c arbiter -l summary -d 'print the batch summary on stderr'
complete -c arbiter -l labels -d 'dump: print the coordinate diagram of the notation'
complete -c arbiter -s o -l output -r -a '(__fish_complete_directories)' -d 'svg, html: a file per game in DIR, or a pattern with %d'
complete -c arbiter -s p -l player -x -d 'select: games in which NAME plays'
complete -c arbiter -s q -l quiet -d 'print nothing; the exit status tells the result'
complete -c arbiter -l snapshot -d 'dump: print the position as a Setup tag'
complete -c arbiter -s t -l tag -x -d 'select: games whose tag NAME is VALUE; referee: a tag of the record'
complete -c arbiter -l valid -d 'select: games whose every move is legal'
complete -c arbiter -s V -l version -d 'print the version and exit'
# what each command reads: import other programs' files, standings
# records and results, the others records
complete -c arbiter -f -n 'not __fish_seen_subcommand_from import standings gen match' -a '(__fish_complete_suffix .tgn)'
complete -c arbiter -f -n '__fish_seen_subcommand_from import' -a '(__fish_complete_suffix .jcz; __fish_complete_suffix .soclog; __fish_complete_suffix .log)'
complete -c arbiter -f -n '__fish_seen_subcommand_from standings' -a '(__fish_complete_suffix .tgn; __fish_complete_suffix .json; __fish_complete_suffix .yaml; __fish_complete_suffix .tsv)'
