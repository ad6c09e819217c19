package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Gates' rewrites of an agent's call, mapped back onto the agent's own arguments. */
class ToolMappingTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * What it shows; the agent and its tool; the agent's input; the gates' rewrite; the agent's new
   * input.
   */
  static Stream<Arguments> rewrites() {
    return Stream.of(
        Arguments.of(
            "a shell's description and timeout, which the gate never saw, stay",
            AgentKind.CLAUDE,
            "Bash",
            "{\"command\":\"git push origin main\",\"description\":\"Push\",\"timeout\":120000}",
            "{\"command\":\"git push --dry-run origin main\"}",
            "{\"command\":\"git push --dry-run origin main\",\"description\":\"Push\",\"timeout\":120000}"),
        Arguments.of(
            "a rewritten path of an edit goes back to the agent's file_path",
            AgentKind.CLAUDE,
            "Edit",
            "{\"file_path\":\"/p/secrets.env\",\"old_string\":\"a\",\"new_string\":\"b\"}",
            "{\"path\":\"/p/secrets.env.example\",\"file_path\":\"/p/secrets.env\",\"old_string\":\"a\",\"new_string\":\"b\"}",
            "{\"file_path\":\"/p/secrets.env.example\",\"old_string\":\"a\",\"new_string\":\"b\"}"),
        Arguments.of(
            "fields the rewrite drops are dropped, fields it changes changed",
            AgentKind.CLAUDE,
            "Edit",
            "{\"file_path\":\"/p/a.js\",\"old_string\":\"a\",\"new_string\":\"b\",\"replace_all\":true}",
            "{\"path\":\"/p/a.js\",\"file_path\":\"/p/a.js\",\"old_string\":\"a\",\"new_string\":\"b // reviewed\"}",
            "{\"file_path\":\"/p/a.js\",\"old_string\":\"a\",\"new_string\":\"b // reviewed\"}"),
        Arguments.of(
            "a Copilot edit's own path is its own",
            AgentKind.COPILOT,
            "edit",
            "{\"path\":\"/p/a.js\",\"new_str\":\"x\"}",
            "{\"path\":\"/p/b.js\",\"new_str\":\"x\"}",
            "{\"path\":\"/p/b.js\",\"new_str\":\"x\"}"),
        Arguments.of(
            "any other tool takes the rewrite as it is",
            AgentKind.CLAUDE,
            "WebFetch",
            "{\"url\":\"http://x\",\"prompt\":\"p\"}",
            "{\"url\":\"https://x\"}",
            "{\"url\":\"https://x\"}"),
        Arguments.of(
            "a rewritten path of a read goes back to the agent's file_path",
            AgentKind.CLAUDE,
            "Read",
            "{\"file_path\":\"/p/.env\",\"limit\":10}",
            "{\"path\":\"/p/.env.example\",\"file_path\":\"/p/.env\",\"limit\":10}",
            "{\"file_path\":\"/p/.env.example\",\"limit\":10}"));
  }

  /**
   * Issue 44: the agents' read tools join the mapping, so a rule (and the guard) sees reading
   * {@code ~/.ssh/id_rsa} as it sees {@code cat} of it. The agent, its tool, its input; the gateway
   * tool and the path it sees.
   */
  static Stream<Arguments> reads() {
    return Stream.of(
        Arguments.of(
            AgentKind.CLAUDE, "Read", "{\"file_path\":\"/h/.ssh/id_rsa\"}", "/h/.ssh/id_rsa"),
        Arguments.of(
            AgentKind.CLAUDE, "NotebookRead", "{\"notebook_path\":\"/p/a.ipynb\"}", "/p/a.ipynb"),
        Arguments.of(
            AgentKind.CLAUDE, "Grep", "{\"pattern\":\"k\",\"path\":\"/h/.aws\"}", "/h/.aws"),
        Arguments.of(
            AgentKind.CLAUDE, "Glob", "{\"pattern\":\"*\",\"path\":\"/h/.ssh\"}", "/h/.ssh"),
        Arguments.of(AgentKind.COPILOT, "view", "{\"path\":\"/h/.ssh/id_rsa\"}", "/h/.ssh/id_rsa"),
        Arguments.of(AgentKind.COPILOT, "read", "{\"path\":\"/p/.env\"}", "/p/.env"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("reads")
  void readToolsBecomeReadWithTheirPath(AgentKind agent, String tool, String input, String path) {
    HookRequest request =
        agent == AgentKind.CLAUDE
            ? AgentKind.CLAUDE.dialect.toGateway("/p", tool, json(input))
            : AgentKind.COPILOT.dialect.toGateway("/p", tool, json(input));

    assertThat(request.tool()).isEqualTo(ToolMapping.READ);
    assertThat(request.args().get("path").textValue()).isEqualTo(path);
    assertThat(request.args().fieldNames().next()).isEqualTo("path");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rewrites")
  void aGatesRewriteIsMappedBackOntoTheAgentsArguments(
      String what, AgentKind agent, String tool, String input, String rewritten, String expected) {
    HookRequest request =
        agent == AgentKind.CLAUDE
            ? AgentKind.CLAUDE.dialect.toGateway("/p", tool, json(input))
            : AgentKind.COPILOT.dialect.toGateway("/p", tool, json(input));

    assertThat(ToolMapping.toAgent(request, json(rewritten))).isEqualTo(json(expected));
  }
}
