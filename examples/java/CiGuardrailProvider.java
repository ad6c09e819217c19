import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GateVerdict;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A guardrail provider: it gates the host's {@code shell} tool, denying {@code git push} while CI
 * is red. It keeps the CI state itself; its own tool {@code ci_status {red: boolean}} flips it (a
 * CI webhook or the agent can call it). Every other shell command, and every push while CI is
 * green, is allowed.
 *
 * <p>Run it next to a gateway. It finds the gateway as every provider does ({@code
 * WebSocketProviderClient.fromEnvironment}), by its home ({@code TAP_HOME}, else {@code
 * ~/.copilot/extensions/tap} or the same under {@code COPILOT_HOME}): {@code TAP_GATEWAY_URL} when
 * set, else the port of the home's running gateway ({@code gateway.port}, else the home's {@code
 * settings.json}, else 9400), and {@code TAP_PROVIDER_TOKEN} or else the home's token file, both
 * looked up again at every reconnect, so it follows a gateway that restarts:
 *
 * <pre>
 * java -cp "$CLASSPATH" examples/java/CiGuardrailProvider.java
 * </pre>
 *
 * where {@code $CLASSPATH} holds provider-client, provider-api, loop, protocol-api and Jackson
 * (databind, core, annotations): the provider client's dependencies, nothing of the gateway.
 * {@code CiGuardrailExampleTest} in transport-ws compiles and runs this file.
 */
public final class CiGuardrailProvider {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final JsonNode CI_STATUS_ARGS =
      CODEC.parseJson(
          "{\"type\":\"object\",\"properties\":{\"red\":{\"type\":\"boolean\"}},"
              + "\"required\":[\"red\"]}");

  private CiGuardrailProvider() {}

  public static void main(String[] args) {
    ProviderSession session = WebSocketProviderClient.fromEnvironment(guardrail());
    session.closed().toCompletableFuture().join(); // serve until the gateway or a goodbye ends it
  }

  /** Connects the guardrail to {@code gateway} with {@code token}; CI starts green. */
  public static ProviderSession start(URI gateway, String token) {
    return WebSocketProviderClient.connect(gateway, token, guardrail());
  }

  /** The guardrail, with CI green. */
  static JavaProvider guardrail() {
    AtomicBoolean ciRed = new AtomicBoolean(false);
    return JavaProvider.builder("ci-guardrail")
        .tool(
            ToolDefinition.of("ci_status", "Record whether CI is red", CI_STATUS_ARGS),
            (args, call) -> {
              ciRed.set(args.path("red").asBoolean());
              return CompletableFuture.completedFuture(
                  TextNode.valueOf(ciRed.get() ? "CI is red: pushes blocked" : "CI is green"));
            })
        .gate(
            HookMatch.toolAndArgs("shell", "git push"), // tool name, regex on its JSON args
            "ci-before-push",
            check ->
                CompletableFuture.completedFuture(
                    ciRed.get()
                        ? GateVerdict.deny("CI is red on this branch. Fix the tests first.")
                        : GateVerdict.allow()))
        .build();
  }
}
