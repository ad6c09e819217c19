#!/usr/bin/env bash
# A provider over stdio, in bash with jq.
#
# The gateway starts it (a --config entry with "transport": "stdio") and speaks the provider
# interface with it as JSON lines: one message per line on its stdin (from the gateway) and its
# stdout (to the gateway). No WebSocket, no token: having been started by the gateway is its proof.
#
#   {"providers": [{"name": "shouter", "transport": "stdio", "command": ["bash", "shout.sh"]}]}
#
# stdout carries protocol messages only: write anything else to stderr, which the gateway appends
# to <home>/logs/<name>.log. A stray echo on stdout is answered with an error (INVALID_JSON).
set -u

log() { printf 'shout.sh: %s\n' "$*" >&2; }

# No auth: the first message is hello. Without "session" it binds to the session the gateway
# started it for.
jq -cn '{type: "hello", name: "shouter", protocolVersion: 2,
         tools: [{name: "shout", description: "Says a text in capitals",
                  parameters: {type: "object", properties: {text: {type: "string"}}, required: ["text"]}}]}'

while IFS= read -r line; do
  case "$(jq -r '.type' <<<"$line")" in
    tool.call)
      jq -c '{type: "tool.result", id: .id, data: (.args.text | ascii_upcase)}' <<<"$line" ;;
    tool.cancel)
      jq -c '{type: "tool.result", id: .id, error: "Cancelled", errorCode: "CANCELLED"}' <<<"$line" ;;
    error)
      log "the gateway refused $(jq -r '"\(.replyTo // "a line"): \(.code) \(.message)"' <<<"$line")" ;;
    session.lifecycle)
      if [ "$(jq -r '.state' <<<"$line")" = shutdown.pending ]; then
        echo '{"type":"goodbye","reason":"session ending"}'
        exit 0
      fi ;;
  esac
done
