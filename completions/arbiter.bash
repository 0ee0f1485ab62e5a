# bash completion for arbiter(1).  Plain bash is enough: the
# bash-completion package is not needed (nor harmful).
# tests/options-test.sh holds its commands, options and values to
# `arbiter --help`; tests/bash-completion-test.sh runs it.
_arbiter()
{
	local IFS=$'\n'
	local cur=${COMP_WORDS[COMP_CWORD]} prev= pre=
	# bash splits "--format=js" at '=' (COMP_WORDBREAKS) into "--format"
	# "=" "js", and "--format=" into "--format" "="; when '=' is no word
	# break, the word is "--format=js" and the reply keeps "--format=".
	if [[ $cur == = ]]; then
		cur= prev=${COMP_WORDS[COMP_CWORD-1]}
	elif ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	elif [[ $cur == --*=* ]]; then
		prev=${cur%%=*} pre=${prev}= cur=${cur#*=}
	else
		prev=${COMP_WORDS[COMP_CWORD-1]}
	fi
	local commands="check score dump fmt moves select gen standings import view referee bot match help"
	local opts="--at --bot --chance --count --data --duplicate --duplicates --fail-fast --format --from --game --games --gauntlet --group --help --in-place --include-illegal --invalid --invert-match --jobs --keep-going --labels --max-moves --move-time --names --output --player --players --quiet --rating --recover --resume --scheme --seed --snapshot --sprt --strategy --summary --tag --tc --terminal --valid --variant --version --view --views -f -g -h -i -j -k -n -o -p -q -s -t -v -V"
	local values= files=
	case $prev in
	--format|-f) values="text yaml json tsv svg html" ;;
	--game|-g) values="carcassonne catan elasund" ;;
	--from) values="auto jcz soclog pioneers" ;;
	--duplicates) values="skip warn count" ;;
	--group) values="event round table none" ;;
	--names) values="fold exact" ;;
	--rating) values="elo plackett-luce" ;;
	--chance) values="dealt supplied" ;;
	--strategy) values="random human hot-seat" ;;
	--scheme) values="placement wins share" files='*.yaml' ;;
	--data) files='*.yaml' ;;
	--output|-o) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -P "$pre" -d -- "$cur")); return ;;
	--terminal) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -P "$pre" -f -- "$cur")); return ;;
	--views) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -P "$pre" -d -- "$cur")); return ;;
	--at|--bot|--count|-n|--games|--gauntlet|--jobs|-j|--max-moves|--move-time|--player|-p|--players|--seed|-s|--sprt|--tag|-t|--tc|--variant|--view) return ;;
	*)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(IFS=' '; compgen -W "$opts" -- "$cur"))
			return
		fi
		files='*.tgn'
		# the first operand may be a command; so may help's
		local i w= n=0
		for ((i = 1; i < COMP_CWORD; i++)); do
			case ${COMP_WORDS[i]} in -*|=) continue ;; esac
			case ${COMP_WORDS[i-1]} in
			=|--at|--chance|--count|-n|--jobs|-j|--data|--duplicates|--format|-f|--game|-g|--group|--max-moves|--strategy|--terminal|--names|--rating|--sprt|\
			--bot|--games|--gauntlet|--move-time|--tc|--views|\
			--output|-o|--player|-p|--players|--scheme|--seed|-s|--tag|-t|--variant|--view) continue ;;
			esac
			((n++)) && continue
			w=${COMP_WORDS[i]}
		done
		if ((n == 0)) || [[ $w == help && n -eq 1 ]]; then
			values=$commands
		fi
		# what the command reads: import other programs' files,
		# standings records and results
		case $w in
		import) files=$'*.jcz\n*.soclog\n*.log' ;;
		standings) files=$'*.tgn\n*.json\n*.yaml\n*.tsv' ;;
		gen|help|match) ((n > 0)) && files= ;;
		esac
		;;
	esac
	COMPREPLY=()
	if [[ -n $values ]]; then
		COMPREPLY=($(IFS=' '; compgen -P "$pre" -W "$values" -- "$cur"))
	fi
	if [[ -n $files ]]; then
		# files matching a pattern (one a line), and directories to
		# descend into: "filenames" makes readline end a directory with
		# '/', not ' '
		compopt -o filenames 2>/dev/null
		local pat
		for pat in $files; do
			COMPREPLY+=($(compgen -P "$pre" -f -X "!$pat" -- "$cur"))
		done
		COMPREPLY+=($(compgen -P "$pre" -d -- "$cur"))
	fi
}
complete -F _arbiter arbiter
