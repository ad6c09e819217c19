package io.github.providergateway.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolDefinition;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Issue 49: the builder refuses, before anything connects, the names the gateway would refuse
 * (gateway-runtime's {@code Names}, X-ENG-05 and X-ENG-20), and says what is allowed.
 */
class JavaProviderNamesTest {

  private static final String LONGEST = "a".repeat(128);

  @Test
  void aProviderNameTheGatewayWouldRefuseIsRefusedWithTheGrammar() {
    for (String name : List.of("my provider", "", "na\u00efve", "tab\there", "a/b", ".", "..")) {
      assertThatThrownBy(() -> JavaProvider.builder(name).build())
          .as(name)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("provider name '" + name + "'")
          .hasMessageContaining(Hello.NAME_GRAMMAR);
    }
  }

  @Test
  void aNameOfMoreThan128CharactersIsRefusedAndItsMessageStaysShort() {
    assertThatThrownBy(() -> JavaProvider.builder(LONGEST + "a").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(Hello.NAME_GRAMMAR)
        .message()
        .hasSizeLessThan(200);
  }

  @Test
  void aNameTheGatewayReservesIsRefused() {
    for (String name : List.of("Gateway", "provider_gateway", "Status.Page")) {
      assertThatThrownBy(() -> JavaProvider.builder(name).build())
          .as(name)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("provider name '" + name + "' is reserved");
    }
  }

  @Test
  void anInstanceOutsideTheGrammarIsRefused() {
    assertThatThrownBy(() -> JavaProvider.builder("browser").instance("tab 1").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance 'tab 1'")
        .hasMessageContaining(Hello.NAME_GRAMMAR);
  }

  @Test
  void aToolNameOutsideTheGrammarIsRefused() {
    assertThatThrownBy(() -> JavaProvider.builder("greeter").tool(tool("say hello"), HELLO).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tool name 'say hello'")
        .hasMessageContaining(Hello.NAME_GRAMMAR);
  }

  @Test
  void namesOfTheGrammarUpTo128CharactersAreAccepted() {
    assertThatCode(
            () ->
                JavaProvider.builder("my-provider_v1.2")
                    .instance(LONGEST)
                    .tool(tool(LONGEST), HELLO)
                    .tool(tool("a.b-c_D9"), HELLO)
                    .build())
        .doesNotThrowAnyException();
    assertThat(JavaProvider.builder("gateway-watch").build().name()).isEqualTo("gateway-watch");
  }

  private static final ToolHandler HELLO =
      (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("Hello"));

  private static ToolDefinition tool(String name) {
    return ToolDefinition.of(name, "A tool", JsonNodeFactory.instance.objectNode());
  }
}
