# SPDX-License-Identifier: MIT
# Bash completion for gen: subcommands, task names (from `gen list`), options
# per subcommand, and paths where a directory or file is wanted.  Installed as
# share/bash-completion/completions/gen; or `source` it.  Needs nothing from the
# bash-completion package.

# Task names, asked of the gen being completed (so ./build/gen works too).
_gen_tasks()
{
    "$1" list 2>/dev/null | awk 'NR > 1 { print $1 }'
}

_gen_paths()
{ # $1: -d for directories, -f for files and directories
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen "$1" -- "$cur")
}

_gen()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local prog=${COMP_WORDS[0]} cmd=${COMP_WORDS[1]-}
    COMPREPLY=()
    # --opt=value: bash splits at '=' (COMP_WORDBREAKS), so the option is before it.
    if [[ $cur == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        cur=
    elif [[ $prev == = ]] && ((COMP_CWORD >= 2)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    prog=${prog/#\~/$HOME}
    command -v "$prog" >/dev/null 2>&1 || prog=gen

    if ((COMP_CWORD == 1)); then
        mapfile -t COMPREPLY < <(compgen -W "all list check verify merge preview overlap recipe gold requests ask score report $(_gen_tasks "$prog") --help --version" -- "$cur")
        return
    fi
    case $prev in
    --out)
        if [[ $cmd == preview ]]; then _gen_paths -f; else _gen_paths -d; fi
        return ;;
    -o)
        _gen_paths -f
        return ;;
    --task)
        mapfile -t COMPREPLY < <(compgen -W "$(_gen_tasks "$prog")" -- "$cur")
        return ;;
    --tasks)
        # A comma-separated list: complete its last element.
        local done_part=${cur%"${cur##*,}"} last=${cur##*,}
        mapfile -t COMPREPLY < <(compgen -P "$done_part" -W "$(_gen_tasks "$prog")" -- "$last")
        compopt -o nospace 2>/dev/null
        return ;;
    --exclude)
        _gen_paths -d
        return ;;
    --annotated | --plot)
        _gen_paths -f
        return ;;
    --metadata)
        mapfile -t COMPREPLY < <(compgen -W "jsonl" -- "$cur")
        return ;;
    --compression)
        mapfile -t COMPREPLY < <(compgen -W "fast small" -- "$cur")
        return ;;
    --num_images | --num_sizes | --seed | --file | --grid_size | --jobs | --shard | --scale | --frames | --thumb | --split | \
        --model | --max_tokens | --endpoint | --concurrency | --timeout | --retries | --api-key-env)
        return ;; # a number or a name: nothing to offer
    esac

    local opts paths=
    case $cmd in
    all) opts="--tasks --num_images --seed --file --out --grid_size --jobs --shard --scale --annotations --split --exclude --metadata --compression --frames --force --quiet --help" ;;
    list) opts= ;;
    check) opts="--task" paths=-d ;;
    verify) opts="--quiet" paths=-d ;;
    merge) opts="--force --quiet" paths=-d ;;
    overlap) opts="--jobs --quiet" paths=-d ;;
    recipe) opts="--out --jobs --shard --force --quiet --dry-run" paths=-f ;;
    gold) opts="--task -o" paths=-d ;;
    requests) opts="--model --task --shots --prompts -o --max_tokens --frames --tile" paths=-d ;;
    ask) opts="--endpoint --model -o --concurrency --timeout --retries --api-key-env --quiet --task --shots --prompts --max_tokens --frames --tile" paths=-f ;;
    score) opts="--task --parser -o --annotated --plot --quiet" paths=-f ;;
    report) opts="--task --parser -o --embed --quiet" paths=-f ;;
    preview)
        if ((COMP_CWORD == 2)); then
            mapfile -t COMPREPLY < <(compgen -W "$(_gen_tasks "$prog")" -- "$cur")
            return
        fi
        opts="--seed --grid_size --num_sizes --frames --thumb --out -o" ;;
    *) opts="--num_images --num_sizes --seed --file --out --grid_size --jobs --shard --scale --annotations --split --exclude --metadata --compression --frames --force --quiet --help" ;;
    esac
    if [[ $cur == -* || -z $paths ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    else
        _gen_paths "$paths"
    fi
}
complete -F _gen gen
