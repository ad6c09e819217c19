package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A 2026-07-28 request's rounds of {@code input_required} (decision 134): each round's input
 * requests are answered (by the agent's client, through {@link UpstreamAsks#round}) and the request
 * sent again with their {@code inputResponses} and the server's {@code requestState} unchanged,
 * until the server answers with its result. Bounded: at most {@link #MAX_ROUNDS} rounds, each
 * answer within {@link UpstreamAsks#WAIT} on the gateway's clock; then the request fails by name. A
 * round with no input requests (state only) is sent again at once, and counts.
 */
final class InputRounds {

  /** The most rounds of input one request may ask for before it fails by name. */
  static final int MAX_ROUNDS = 8;

  /**
   * The most requests one round may carry: the suite's largest round has three (a form, sampling
   * and roots), and each goes to the person or the agent's model.
   */
  static final int MAX_REQUESTS = 16;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final McpJsonMapper mapper;

  InputRounds(McpJsonMapper mapper) {
    this.mapper = mapper;
  }

  /**
   * Runs {@code what}'s rounds.
   *
   * @param send sends one round: the responses and the state to send again (both null the first
   *     time); its outcome, the result or an {@code input_required}
   * @param answer answers one round's requests (by key, as MCP writes them) with their responses
   * @param complete the result's type
   * @return the server's result, or a failure naming why there is none
   */
  <R> Mono<R> run(
      String what,
      BiFunction<Map<String, Object>, String, Mono<?>> send,
      Function<Map<String, JsonNode>, Mono<Map<String, Object>>> answer,
      Class<R> complete) {
    return round(what, send, answer, complete, 0, null, null);
  }

  private <R> Mono<R> round(
      String what,
      BiFunction<Map<String, Object>, String, Mono<?>> send,
      Function<Map<String, JsonNode>, Mono<Map<String, Object>>> answer,
      Class<R> complete,
      int rounds,
      Map<String, Object> responses,
      String state) {
    return send.apply(responses, state)
        .flatMap(
            outcome -> {
              if (complete.isInstance(outcome)) {
                return Mono.just(complete.cast(outcome));
              }
              if (!(outcome instanceof McpSchema.InputRequiredResult asked)) {
                return Mono.error(
                    new IllegalStateException("unexpected answer to " + what + ": " + outcome));
              }
              if (rounds + 1 >= MAX_ROUNDS) {
                return Mono.error(
                    new ModernServer.InputRequired(
                        "input_required: the MCP server asked for input before '"
                            + what
                            + "' more than "
                            + MAX_ROUNDS
                            + " rounds, the gateway's bound (decision 134)",
                        null));
              }
              if (asked.inputRequests() != null && asked.inputRequests().size() > MAX_REQUESTS) {
                return Mono.error(
                    new ModernServer.InputRequired(
                        "input_required: the MCP server asked "
                            + asked.inputRequests().size()
                            + " things at once before '"
                            + what
                            + "', more than the gateway's bound of "
                            + MAX_REQUESTS
                            + " (decision 134)",
                        null));
              }
              return answer
                  .apply(requests(asked))
                  .flatMap(
                      given ->
                          round(
                              what,
                              send,
                              answer,
                              complete,
                              rounds + 1,
                              given,
                              asked.requestState()));
            });
  }

  /** A round's requests as MCP writes them, by key; none for a state-only round. */
  @SuppressWarnings("unchecked")
  private Map<String, JsonNode> requests(McpSchema.InputRequiredResult asked) {
    Map<String, JsonNode> requests = new LinkedHashMap<>();
    if (asked.inputRequests() != null) {
      asked
          .inputRequests()
          .forEach(
              (key, request) ->
                  requests.put(key, JSON.valueToTree(mapper.convertValue(request, Map.class))));
    }
    return requests;
  }
}
