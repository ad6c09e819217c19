package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the example providers choose their session (examples/node/session.mjs; issue 34): explicit by
 * {@code TAP_SESSION}, else by the project that holds their working directory (the gateway's rule,
 * issue 43: the deepest wins, a project at the home or at {@code /} holds only itself), else the
 * only one, and never a guess between several; and where they find the gateway (the home's
 * gateway.port, else its settings' port, else 9400). Runs {@code
 * src/test/resources/node-tests/session-choice.test.mjs} with Node's own test runner beside the
 * examples.
 */
@Tag("process")
class SessionChoiceTest {

  @Test
  void theExamplesChooseTheirSessionByNameThenByCwdThenTheOnlyOneAndNeverGuess() throws Exception {
    Path examples = Interop.nodeExamples();
    Path test = examples.resolve("session-choice.test.mjs");
    try (InputStream in = getClass().getResourceAsStream("/node-tests/session-choice.test.mjs")) {
      Files.copy(in, test, StandardCopyOption.REPLACE_EXISTING);
    }
    Process node =
        new ProcessBuilder("node", "--test", test.toString())
            .directory(examples.toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(node.exitValue()).as(output).isZero();
    assertThat(output).contains("# pass 12").contains("# fail 0");
  }

  /**
   * The Python examples' copy of the same rules (examples/python/gateway_home.py), with the
   * standard library's unittest ({@code src/test/resources/python-tests/test_gateway_home.py}).
   */
  @Test
  void thePythonExamplesChooseAndFindTheGatewayAlike(@TempDir Path tmp) throws Exception {
    assumeTrue(Files.isExecutable(Path.of(Interop.PYTHON)), Interop.PYTHON + " is not installed");
    Path examples = Interop.pythonExamples(tmp);
    try (InputStream in = getClass().getResourceAsStream("/python-tests/test_gateway_home.py")) {
      Files.copy(in, examples.resolve("test_gateway_home.py"));
    }
    Process python =
        new ProcessBuilder(Interop.PYTHON, "-B", "-m", "unittest", "-v", "test_gateway_home")
            .directory(examples.toFile())
            .redirectErrorStream(true)
            .start();
    String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(python.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(python.exitValue()).as(output).isZero();
    assertThat(output).contains("Ran 12 tests").contains("OK");
  }
}
