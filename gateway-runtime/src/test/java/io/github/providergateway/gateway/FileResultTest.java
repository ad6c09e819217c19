package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.FileRef;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results left in files, and the persistDir they must live in (spec: Payload limits). */
class FileResultTest {

  @TempDir Path home;
  private GatewayFixture f;
  private String session;
  private RecordingProviderConnection provider;
  private Path persistDir;

  @BeforeEach
  void bind() {
    f = GatewayFixture.withHome(home);
    session = f.startSession("alpha");
    provider = f.authenticated();
    provider.send(Hello.builder("browser").session(session).tools(tool("screenshot")).build());
    persistDir = Path.of(provider.next(HelloAck.class).persistDir());
    provider.next(SessionLifecycle.class);
  }

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void persistDirIsUnderTheHomeTheSameForTheSameNameAndExists() {
    assertThat(persistDir).isEqualTo(home.resolve("providers/browser").toAbsolutePath());
    assertThat(persistDir).isDirectory();
    provider.send(Hello.builder("browser").session(session).build());
    assertThat(Path.of(provider.next(HelloAck.class).persistDir())).isEqualTo(persistDir);
  }

  @Test
  void aFileInsideThePersistDirIsReadAndHandedToTheHostWithItsMimeType() throws Exception {
    Path shot = persistDir.resolve("shot.png");
    Files.write(shot, new byte[] {1, 2, 3, 4});
    var call = f.call(session, "screenshot", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(
        ToolResult.file(
            id, new FileRef(shot.toString(), "image/png", 4L, Duration.ofSeconds(300))));

    ToolOutcome.Success success = (ToolOutcome.Success) done(call).outcome();
    assertThat(success.file().mimeType()).isEqualTo("image/png");
    assertThat(success.file().bytes()).containsExactly(1, 2, 3, 4);
    assertThat(success.data().at("/file/size").asInt()).isEqualTo(4);
  }

  /** The provider's mimeType is handed on as given, not guessed from the file's name. */
  @Test
  void theHostGetsTheProvidersMimeTypeWhateverTheFileIsCalled() throws Exception {
    Path capture = persistDir.resolve("capture.bin");
    Files.write(capture, new byte[] {9, 8});
    var call = f.call(session, "screenshot", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(
        ToolResult.file(
            id,
            new FileRef(
                capture.toString(), "application/vnd.tcpdump.pcap", 2L, Duration.ofSeconds(60))));

    ToolOutcome.Success success = (ToolOutcome.Success) done(call).outcome();
    assertThat(success.file().mimeType()).isEqualTo("application/vnd.tcpdump.pcap");
    assertThat(success.data().at("/file/mimeType").asText())
        .isEqualTo("application/vnd.tcpdump.pcap");
    assertThat(success.file().bytes()).containsExactly(9, 8);
  }

  @Test
  void aFileOutsideThePersistDirIsNotReadAndTheCallFails() throws Exception {
    Path secret = home.resolve("secret.txt");
    Files.writeString(secret, "do not read");
    var call = f.call(session, "screenshot", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(
        ToolResult.file(
            id,
            new FileRef(
                persistDir.resolve("../../secret.txt").toString(), "text/plain", null, null)));

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(ToolErrorCode.UNAUTHORIZED);
  }

  @Test
  void aSymbolicLinkOutOfThePersistDirIsNotFollowed() throws Exception {
    Path secret = home.resolve("secret.txt");
    Files.writeString(secret, "do not read");
    Path link = Files.createSymbolicLink(persistDir.resolve("innocent.png"), secret);
    var call = f.call(session, "screenshot", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(ToolResult.file(id, new FileRef(link.toString(), "image/png", null, null)));

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(ToolErrorCode.UNAUTHORIZED);
  }

  @Test
  void aMissingFileFailsTheCall() {
    var call = f.call(session, "screenshot", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(
        ToolResult.file(
            id, new FileRef(persistDir.resolve("gone.png").toString(), "image/png", null, null)));

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(ToolErrorCode.NOT_FOUND);
  }
}
