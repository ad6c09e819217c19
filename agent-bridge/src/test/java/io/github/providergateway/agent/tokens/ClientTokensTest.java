package io.github.providergateway.agent.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ClientTokens} trusts {@code mcp-http-clients.json} only when no other user could have
 * written it: a file another user planted in a home others may write would give them a client token
 * of their own, the HTTP front door's credential. Issue 32, finding 8 (review).
 */
class ClientTokensTest {

  @TempDir Path temp;
  private Path home;
  private ClientTokens tokens;
  private String token;

  @BeforeEach
  void aClientWithAToken() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    tokens = ClientTokens.mcpHttp(home, new SplittableRandom(7));
    token = tokens.issue("claude");
  }

  @Test
  void anOwnerOnlyFileInAnOwnerOnlyHomeAdmitsItsClients() {
    assertThat(tokens.clientOf(token)).map(ClientTokens.Client::name).contains("claude");
  }

  @Test
  void aFileOtherUsersMayWriteAdmitsNobodyUntilItIsOwnerOnlyAgain() throws IOException {
    Files.setPosixFilePermissions(tokens.file(), PosixFilePermissions.fromString("rw-rw-rw-"));
    assertThat(tokens.clientOf(token)).isEmpty();

    Files.setPosixFilePermissions(tokens.file(), PosixFilePermissions.fromString("rw-------"));
    assertThat(tokens.clientOf(token)).map(ClientTokens.Client::name).contains("claude");
  }

  @Test
  void aFileOtherUsersMayReadAdmitsNobody() throws IOException {
    Files.setPosixFilePermissions(tokens.file(), PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(tokens.clientOf(token)).isEmpty();
  }

  @Test
  void aFileInAHomeOtherUsersMayWriteAdmitsNobody() throws IOException {
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));

    assertThat(tokens.clientOf(token)).isEmpty();
  }

  @Test
  void issuingIntoAFileOtherUsersCouldHaveWrittenIsRefusedRatherThanKeepingWhatTheyPutThere()
      throws IOException {
    Files.setPosixFilePermissions(tokens.file(), PosixFilePermissions.fromString("rw-rw-rw-"));

    assertThatThrownBy(() -> tokens.issue("codex"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(tokens.file().toString())
        .hasMessageContaining("writable by other users");
  }

  // ---- kinds (issue 46: a token of the agent's kind) ----

  @Test
  void aTokenOfTheAgentsKindSaysSoInTheFileAndIsReadBackAsTheAgents() throws IOException {
    String agent = tokens.issue("setup-gemini", ClientTokens.Kind.AGENT);

    assertThat(tokens.clientOf(agent))
        .map(ClientTokens.Client::kind)
        .contains(ClientTokens.Kind.AGENT);
    assertThat(tokens.clientOf(token))
        .map(ClientTokens.Client::kind)
        .contains(ClientTokens.Kind.CLIENT);
    assertThat(Files.readString(tokens.file()))
        .contains("\"kind\" : \"agent\"")
        .as("a client's entry is written as before kinds")
        .containsOnlyOnce("\"kind\"");
    // A second look (another ClientTokens, as the gateway has) reads the kind from the file.
    assertThat(ClientTokens.mcpHttp(home).clientOf(agent))
        .map(ClientTokens.Client::kind)
        .contains(ClientTokens.Kind.AGENT);
  }

  @Test
  void anEntryWithoutAKindIsAClientsAsInFilesFromBeforeKinds() throws IOException {
    String hash = ClientTokens.sha256("mcp-old");
    write("{\"clients\": [{\"name\": \"inspector\", \"sha256\": \"" + hash + "\"}]}");

    assertThat(ClientTokens.mcpHttp(home).clientOf("mcp-old"))
        .contains(new ClientTokens.Client("inspector", hash, ClientTokens.Kind.CLIENT));
  }

  @Test
  void aKindThisVersionDoesNotKnowAdmitsNobodyRatherThanGuessing() throws IOException {
    String hash = ClientTokens.sha256("mcp-new");
    write(
        "{\"clients\": [{\"name\": \"x\", \"sha256\": \"" + hash + "\", \"kind\": \"operator\"}]}");

    assertThat(ClientTokens.mcpHttp(home).clientOf("mcp-new")).isEmpty();
  }

  /** Replaces the file with {@code text}, owner-only as the gateway wants it. */
  private void write(String text) throws IOException {
    Files.writeString(tokens.file(), text);
    Files.setPosixFilePermissions(tokens.file(), PosixFilePermissions.fromString("rw-------"));
  }
}
