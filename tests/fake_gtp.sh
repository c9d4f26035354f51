#!/usr/bin/env bash
# A GTP engine for the tests: tabletop's own (`tabletop gtp ARGS`, the
# binary named by FAKE_GTP_TABLETOP), misbehaving on demand. FAKE_GTP holds
# comma-separated misbehaviours:
#   slow      never answers genmove
#   crash:N   exits at its Nth genmove
#   junk      answers genmove with escape sequences and bytes not UTF-8
#   chatty    writes lines of chatter before its genmove answers
#   huge      writes a 3 MB line before its genmove answers
#   noundo    refuses undo (and does not list it)
# FAKE_GTP_LOG names a file every command received is added to, and
# FAKE_GTP_PID one its process id is added to.
tabletop=${FAKE_GTP_TABLETOP:?the tabletop binary}
if [ -n "${FAKE_GTP_PID:-}" ]; then
    echo $$ >>"$FAKE_GTP_PID"
fi
coproc ENGINE { exec "$tabletop" gtp "$@"; }
modes=",${FAKE_GTP:-},"
genmoves=0
while IFS= read -r line; do
    line=${line%$'\r'}
    if [ -n "${FAKE_GTP_LOG:-}" ]; then
        printf '%s\n' "$line" >>"$FAKE_GTP_LOG"
    fi
    command=${line%% *}
    case $command in
    genmove)
        genmoves=$((genmoves + 1))
        case $modes in *",crash:$genmoves,"*) exit 3 ;; esac
        case $modes in *,slow,*)
            sleep 600
            continue
            ;;
        esac
        case $modes in *,junk,*)
            printf '= \033[2J\033]0;pwned\007\377\376 zz\n\n'
            continue
            ;;
        esac
        case $modes in *,chatty,*)
            for i in 1 2 3 4 5 6 7 8 9 10; do
                printf 'thinking \033[31mhard\033[0m %s\n' "$i"
            done
            ;;
        esac
        case $modes in *,huge,*)
            head -c 3000000 /dev/zero | tr '\0' x
            printf '\n'
            ;;
        esac
        ;;
    undo)
        case $modes in *,noundo,*)
            printf '? unknown command\n\n'
            continue
            ;;
        esac
        ;;
    esac
    printf '%s\n' "$line" >&"${ENGINE[1]}"
    # The answer: its lines up to the empty one that ends it.
    while IFS= read -r answer <&"${ENGINE[0]}"; do
        case $modes,$command,$answer in *,noundo,*,list_commands,undo) continue ;; esac
        printf '%s\n' "$answer"
        [ -z "$answer" ] && break
    done
    [ "$command" = quit ] && exit 0
done
