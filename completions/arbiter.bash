# bash completion for arbiter(1); tests/docs-test.sh checks that it names
# every command and option of `arbiter --help`.
_arbiter()
{
	local cur prev words cword
	_init_completion -s 2>/dev/null || {
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD-1]}
	}
	local commands="check score dump fmt moves select gen standings import"
	local opts="--at --from --group --include-illegal --scheme --count --max-moves --players --seed --data --format --game --help --in-place --invalid --invert-match --keep-going --labels --player --quiet --snapshot --tag --valid --version -f -g -h -i -k -n -p -q -s -t -v -V"
	case $prev in
	--format|-f)
		COMPREPLY=($(compgen -W "text yaml json tsv" -- "$cur"))
		return ;;
	--game|-g)
		COMPREPLY=($(compgen -W "carcassonne catan elasund" -- "$cur"))
		return ;;
	--group)
		COMPREPLY=($(compgen -W "event round table" -- "$cur"))
		return ;;
	--from)
		COMPREPLY=($(compgen -W "auto jcz" -- "$cur"))
		return ;;
	--scheme)
		COMPREPLY=($(compgen -W "placement wins share" -- "$cur") $(compgen -f -X '!*.yaml' -- "$cur"))
		return ;;
	--data)
		COMPREPLY=($(compgen -f -X '!*.yaml' -- "$cur") $(compgen -d -- "$cur"))
		return ;;
	--at|--player|-p|--tag|-t|--count|-n|--max-moves|--players|--seed|-s)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	if [[ $COMP_CWORD -eq 1 ]]; then
		COMPREPLY=($(compgen -W "$commands" -- "$cur") $(compgen -f -X '!*.tgn' -- "$cur") $(compgen -d -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -X '!*.tgn' -- "$cur") $(compgen -d -- "$cur"))
}
complete -F _arbiter arbiter
