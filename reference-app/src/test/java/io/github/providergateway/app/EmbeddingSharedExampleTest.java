package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * The shared-mode code of docs/embedding.md compiles as written, imports included, with the
 * dependencies the page names (issue 17: it used {@code DetachedGatewayStarter} without saying that
 * needs {@code reference-app}). Each block marked for this test is compiled against this module's
 * test class path, with the page's {@code MyAgentSession} beside it.
 */
class EmbeddingSharedExampleTest {

  private static final Pattern MARKED =
      Pattern.compile(
          "<!-- compiled by EmbeddingSharedExampleTest[^>]*-->\\s*```java\\n(.*?)```",
          Pattern.DOTALL);
  private static final Pattern CLASS_NAME = Pattern.compile("(?m)^(?:final )?class (\\w+)");

  /** The page's "A host in twenty lines", which the shared example uses. */
  private static final String MY_AGENT_SESSION =
      """
      import io.github.providergateway.host.api.HostTool;
      import io.github.providergateway.host.api.SessionHost;
      import java.util.List;

      final class MyAgentSession implements SessionHost {
        @Override public void registerTools(String sessionId, List<HostTool> tools) {}
        @Override public void log(String sessionId, String source, String message) {}
        @Override public void send(String sessionId, String source, String prompt) {}
      }
      """;

  @TempDir Path sources;

  @Test
  void theSharedModeExamplesCompileAsWritten() throws Exception {
    String page = Files.readString(Interop.repoRoot().resolve("docs/embedding.md"));
    List<Path> files = new ArrayList<>(List.of(write("MyAgentSession", MY_AGENT_SESSION)));
    Matcher block = MARKED.matcher(page);
    while (block.find()) {
      Matcher name = CLASS_NAME.matcher(block.group(1));
      assertThat(name.find()).as("a class in:%n%s", block.group(1)).isTrue();
      files.add(write(name.group(1), block.group(1)));
    }
    assertThat(files).as("the page's marked blocks").hasSize(3);

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, null, null)) {
      Iterable<? extends JavaFileObject> units = fileManager.getJavaFileObjectsFromPaths(files);
      List<String> options =
          List.of(
              "-classpath",
              System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
              "-d",
              Files.createDirectories(sources.resolve("classes")).toString(),
              "-proc:none");
      boolean compiled = javac.getTask(errors, fileManager, null, options, null, units).call();

      assertThat(compiled).as("javac says:%n%s", errors).isTrue();
    }
  }

  private Path write(String className, String source) throws Exception {
    return Files.writeString(sources.resolve(className + ".java"), source);
  }
}
