package io.github.providergateway.transport.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Jetty example of docs/embedding.md ("Mounting the gateway in your own Jakarta WebSocket
 * container") compiles as written against this module and Jetty 12, so the page stays true; {@link
 * EmbeddedJetty} runs the same code under the transport contract.
 */
class EmbeddingDocExampleTest {

  private static final Pattern SECTION_EXAMPLE =
      Pattern.compile(
          "## Mounting the gateway in your own Jakarta WebSocket container.*?```java\\n(.*?)```",
          Pattern.DOTALL);

  @TempDir Path sources;

  @Test
  void theJettyExampleCompilesAsWritten() throws Exception {
    String page =
        Files.readString(Path.of("..").toAbsolutePath().normalize().resolve("docs/embedding.md"));
    Matcher example = SECTION_EXAMPLE.matcher(page);
    assertThat(example.find()).as("the section's java block").isTrue();
    StringBuilder imports = new StringBuilder();
    StringBuilder body = new StringBuilder();
    for (String line : example.group(1).split("\n")) {
      (line.startsWith("import ") ? imports : body).append(line).append('\n');
    }
    // What the page's earlier samples import, and the variable the example starts from.
    String source =
        imports
            + "import io.github.providergateway.gateway.Gateway;\n"
            + "import io.github.providergateway.host.HostService;\n"
            + "import jakarta.websocket.server.ServerEndpointConfig;\n"
            + "import java.nio.file.Path;\n"
            + "class JettyExample {\n"
            + "  void run(Path home) throws Exception {\n"
            + body
            + "  }\n"
            + "}\n";
    Path file = Files.writeString(sources.resolve("JettyExample.java"), source);

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(List.of(file));
      List<String> options =
          List.of(
              "-classpath",
              System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
              "-d",
              Files.createDirectories(sources.resolve("classes")).toString(),
              "-proc:none");
      boolean compiled = javac.getTask(errors, files, null, options, null, units).call();

      assertThat(compiled).as("javac says:%n%s%nabout:%n%s", errors, source).isTrue();
    }
  }
}
