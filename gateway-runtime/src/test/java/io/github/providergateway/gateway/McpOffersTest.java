package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link McpOffers} on the manual clock (decision 123): lists merged in the order the servers
 * joined, names two servers offer left out and refused, reads routed to the one server that lists
 * the URI or a template it matches, a server that does not answer cut off at {@link
 * McpOffers#ASK_WAIT} and not a tick before, and each read heard as content taken in.
 */
class McpOffersTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("offers");
  private final List<String> taken = new ArrayList<>();

  @AfterEach
  void close() {
    f.close();
  }

  private JsonNode ask(McpFeature method, String params) {
    return f.gateway.mcpFeature(session, method, json(params)).join();
  }

  private HostException refusal(McpFeature method, String params) {
    return refused(f.gateway.mcpFeature(session, method, json(params)));
  }

  /** The refusal {@code asked} failed with; it must have failed. */
  static HostException refused(CompletableFuture<JsonNode> asked) {
    assertThat(asked).isCompletedExceptionally();
    try {
      asked.join();
      throw new AssertionError("answered");
    } catch (CompletionException e) {
      return (HostException) e.getCause();
    }
  }

  /** A server with these resources and templates, whose reads say who read what. */
  private static McpOffers.Offer server(String name, String resources, String templates) {
    return (method, params) ->
        CompletableFuture.completedFuture(
            json(
                switch (method) {
                  case RESOURCES_LIST -> "{\"resources\":" + resources + "}";
                  case RESOURCE_TEMPLATES_LIST -> "{\"resourceTemplates\":" + templates + "}";
                  case PROMPTS_LIST -> "{\"prompts\":[]}";
                  case RESOURCES_READ ->
                      "{\"contents\":[{\"uri\":\""
                          + params.path("uri").asText()
                          + "\",\"text\":\""
                          + name
                          + "\"}]}";
                  case PROMPTS_GET, COMPLETE -> "{}";
                }));
  }

  @Test
  void aSessionWithNoServerListsNothingAndRefusesAReadByName() {
    assertThat(ask(McpFeature.RESOURCES_LIST, "{}")).isEqualTo(json("{\"resources\":[]}"));
    HostException refused = refusal(McpFeature.RESOURCES_READ, "{\"uri\":\"test://x\"}");
    assertThat(refused.code()).isEqualTo(HostErrorCode.INVALID_ARGUMENT);
    assertThat(refused.getMessage())
        .isEqualTo("resources/read: no MCP server of this session offers test://x (it has none)");
  }

  @Test
  void listsMergeInJoiningOrderAndANameTwoServersOfferIsLeftOutAndRefused() {
    f.gateway
        .mcpOffers()
        .offer(session, "a", server("a", "[{\"uri\":\"a://1\"},{\"uri\":\"x://same\"}]", "[]"));
    f.gateway
        .mcpOffers()
        .offer(session, "b", server("b", "[{\"uri\":\"x://same\"},{\"uri\":\"b://1\"}]", "[]"));

    assertThat(ask(McpFeature.RESOURCES_LIST, "{}"))
        .isEqualTo(json("{\"resources\":[{\"uri\":\"a://1\"},{\"uri\":\"b://1\"}]}"));
    assertThat(
            ask(McpFeature.RESOURCES_READ, "{\"uri\":\"b://1\"}").at("/contents/0/text").asText())
        .isEqualTo("b");
    assertThat(refusal(McpFeature.RESOURCES_READ, "{\"uri\":\"x://same\"}").getMessage())
        .contains("x://same is offered by more than one MCP server of this session (a, b)")
        .contains("configure only one of them");
  }

  @Test
  void aReadOfAUriNoServerListsGoesToTheServerWhoseTemplateItMatches() {
    f.gateway
        .mcpOffers()
        .offer(session, "a", server("a", "[]", "[{\"uriTemplate\":\"a://{id}/data\"}]"));
    f.gateway
        .mcpOffers()
        .offer(session, "b", server("b", "[]", "[{\"uriTemplate\":\"b://{+path}\"}]"));

    assertThat(
            ask(McpFeature.RESOURCES_READ, "{\"uri\":\"a://7/data\"}")
                .at("/contents/0/text")
                .asText())
        .isEqualTo("a");
    assertThat(
            ask(McpFeature.RESOURCES_READ, "{\"uri\":\"b://x/y/z\"}")
                .at("/contents/0/text")
                .asText())
        .isEqualTo("b");
    assertThat(refusal(McpFeature.RESOURCES_READ, "{\"uri\":\"a://7/8/data\"}").getMessage())
        .contains("no MCP server of this session offers a://7/8/data");
  }

  @Test
  void aServerThatDoesNotAnswerIsCutOffAtTheWaitAndNotATickBefore() {
    CompletableFuture<JsonNode> never = new CompletableFuture<>();
    f.gateway.mcpOffers().offer(session, "silent", (method, params) -> never);
    CompletableFuture<JsonNode> asked =
        f.gateway.mcpFeature(session, McpFeature.RESOURCES_LIST, json("{}"));
    f.clock.advance(McpOffers.ASK_WAIT.minusMillis(1));
    assertThat(asked).isNotDone();
    f.clock.advance(Duration.ofMillis(1));
    // Left out of the list, which still comes.
    assertThat(asked.join()).isEqualTo(json("{\"resources\":[]}"));
  }

  @Test
  void aServersQuestionReachesTheSessionsHostWhichAnswersIt() {
    f.host(session).clientAnswer =
        CompletableFuture.completedFuture(json("{\"action\":\"accept\"}"));
    CompletableFuture<JsonNode> asked =
        f.gateway
            .mcpOffers()
            .askClient(session, "fs", "elicitation/create", json("{}"), Duration.ofMinutes(5));
    assertThat(asked.join()).isEqualTo(json("{\"action\":\"accept\"}"));
    assertThat(f.host(session).clientAsks).containsExactly("fs elicitation/create");
  }

  @Test
  void aHostThatCannotAskItsAgentsClientRefusesByName() {
    HostException refused =
        refused(
            f.gateway
                .mcpOffers()
                .askClient(session, "fs", "elicitation/create", json("{}"), Duration.ofMinutes(5)));
    assertThat(refused.getMessage())
        .isEqualTo(
            "elicitation/create from MCP server 'fs': this host cannot ask its agent's client");
  }

  @Test
  void aClientThatDoesNotAnswerIsCutOffAtTheCallsWaitAndNotATickBefore() {
    f.host(session).clientAnswer = new CompletableFuture<>();
    Duration wait = Duration.ofSeconds(90);
    CompletableFuture<JsonNode> asked =
        f.gateway.mcpOffers().askClient(session, "fs", "elicitation/create", json("{}"), wait);
    f.clock.advance(wait.minusMillis(1));
    assertThat(asked).isNotDone();
    f.clock.advance(Duration.ofMillis(1));
    assertThat(refused(asked).getMessage())
        .isEqualTo(
            "elicitation/create from MCP server 'fs': the agent's client did not answer within 90 s");
  }

  @Test
  void anEndedSessionsServerQuestionFailsAtOnce() {
    f.gateway.endSession(session, Duration.ZERO);
    f.clock.advance(Duration.ofSeconds(1));
    assertThat(
            refused(
                    f.gateway
                        .mcpOffers()
                        .askClient(
                            session,
                            "fs",
                            "sampling/createMessage",
                            json("{}"),
                            Duration.ofMinutes(5)))
                .getMessage())
        .isEqualTo("sampling/createMessage from MCP server 'fs': session " + session + " ended");
  }

  @Test
  void aServersListChangeReachesTheHostOfEachSessionItOffersInAndNoOther() {
    String other = f.startSession("other");
    Runnable withdraw = f.gateway.mcpOffers().offer(session, "a", server("a", "[]", "[]"));

    f.gateway.mcpOffers().listChanged(session, "a", McpFeature.RESOURCES_LIST);
    f.gateway.mcpOffers().listChanged(session, "a", McpFeature.PROMPTS_LIST);
    f.gateway.mcpOffers().listChanged(other, "a", McpFeature.PROMPTS_LIST);
    f.gateway.mcpOffers().listChanged(session, "b", McpFeature.PROMPTS_LIST);
    withdraw.run();
    f.gateway.mcpOffers().listChanged(session, "a", McpFeature.RESOURCES_LIST);
    f.settle();

    assertThat(f.host(session).offersChanged)
        .containsExactly(session + " resources/list", session + " prompts/list");
    assertThat(f.host(other).offersChanged).isEmpty();
  }

  @Test
  void aWithdrawnOfferIsGoneAndAReadIsHeardAsContentTakenIn() {
    f.gateway
        .mcpOffers()
        .onContent(
            (sessionId, server, method, what) ->
                taken.add(sessionId + " " + server + " " + method.wireName() + " " + what));
    Runnable withdraw =
        f.gateway.mcpOffers().offer(session, "a", server("a", "[{\"uri\":\"a://1\"}]", "[]"));
    ask(McpFeature.RESOURCES_READ, "{\"uri\":\"a://1\"}");
    assertThat(taken).containsExactly(session + " a resources/read a://1");

    withdraw.run();
    assertThat(ask(McpFeature.RESOURCES_LIST, "{}")).isEqualTo(json("{\"resources\":[]}"));
  }

  @Test
  void uriTemplatesMatchOneSegmentPerSimpleExpressionAndAnyPathForReserved() {
    assertThat(McpOfferKeys.matches("test://template/{id}/data", "test://template/123/data"))
        .isTrue();
    assertThat(McpOfferKeys.matches("test://template/{id}/data", "test://template/1/2/data"))
        .isFalse();
    assertThat(McpOfferKeys.matches("file:///{+path}", "file:///a/b.txt")).isTrue();
    assertThat(McpOfferKeys.matches("test://plain", "test://plain")).isFalse(); // not a template
  }
}
