package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/mcp-servers.md's Java block is a whole file that compiles on its own (issue 49: every doc
 * block as written). It is not run here: it starts the filesystem server with {@code npx -y}, which
 * fetches it from the npm registry; mcp-federation's {@code FederatedMcpServerTest} runs the same
 * calls against that server installed once under its {@code target/}.
 */
class McpServersGuideTest {

  @Test
  void theBlockCompilesAsWritten(@TempDir Path work) throws IOException {
    assertThat(GuideBlocks.compile("docs/mcp-servers.md", null, work).sources.keySet())
        .containsExactly("FilesystemTools");
  }
}
