package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.host.protocol.HostChallenge;
import io.github.providergateway.host.testing.FakeGateway;
import io.github.providergateway.host.testing.RecordingRelay;
import io.github.providergateway.loop.base.UnsafeFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GatewayClient} shows the gateway token only to a peer that proved it holds it ({@code
 * host.challenge}), against a {@link FakeGateway} on a real socket: what another local user can run
 * on a dead gateway's port. And it refuses a token file another user could have written. Issue 32,
 * findings 5 and 8.
 */
class GatewayProofTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TOKEN = "ptk-the-homes-token";
  private static final String AUTH_OK =
      "\"reclaimToken\":\"hrt-x\",\"reclaimed\":[],\"protocolVersion\":2,\"gatewayId\":\"gw-fake\"";

  @TempDir Path home;
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable closeable : toClose) {
      closeable.close();
    }
  }

  private FakeGateway fake(Function<String, String> answer) throws IOException {
    return fake((acceptedOn, text) -> answer.apply(text));
  }

  private FakeGateway fake(FakeGateway.Answer answer) throws IOException {
    FakeGateway fake = FakeGateway.start(0, answer);
    toClose.add(fake);
    return fake;
  }

  private void tokenFile(String permissions) throws IOException {
    Path file = home.resolve(GatewayHome.TOKEN_FILE);
    Files.writeString(file, TOKEN + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
  }

  private GatewayClient connect(FakeGateway fake) throws IOException {
    GatewayClient client =
        GatewayClient.connect(home, fake.port(), GatewayClientOptions.defaults());
    toClose.add(client);
    return client;
  }

  /** The command the fake was sent, as JSON. */
  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void
      aPeerThatSaysOkToEverythingButCannotProveItHoldsTheTokenIsRefusedAndHearsNoTokenAndNoCommand()
          throws Exception {
    tokenFile("rw-------");
    FakeGateway fake =
        fake(FakeGateway.okToEverything("host.auth", AUTH_OK, "sessions.list", "\"sessions\":[]"));

    assertThatThrownBy(() -> connect(fake))
        .isInstanceOf(UnverifiedGatewayException.class)
        .hasMessageContaining("is not the gateway of " + home)
        .hasMessageContaining("it was sent neither the token nor any command");
    assertThat(fake.received())
        .singleElement()
        .satisfies(
            text -> {
              assertThat(json(text).get("cmd").asText()).isEqualTo("host.challenge");
              assertThat(text).doesNotContain(TOKEN);
            });
  }

  @Test
  void anOlderGatewayThatDoesNotKnowTheChallengeIsNotBelievedAndThePersonIsToldToRestartIt()
      throws Exception {
    tokenFile("rw-------");
    FakeGateway older =
        fake(
            text ->
                "{\"id\":"
                    + FakeGateway.idOf(text)
                    + ",\"ok\":false,\"error\":{\"code\":\"UNKNOWN_COMMAND\",\"message\":\"unknown command \\\"host.challenge\\\"\"}}");

    assertThatThrownBy(() -> connect(older))
        .isInstanceOf(UnverifiedGatewayException.class)
        .hasMessageContaining(
            "the gateway of "
                + home
                + " is too old to prove itself (it does not know"
                + " host.challenge); restart it")
        .hasMessageContaining("it was sent neither the token nor any command");
    assertThat(older.received()).noneMatch(text -> text.contains(TOKEN));
  }

  @Test
  void aProofMadeWithAnotherTokenIsRefused() throws Exception {
    tokenFile("rw-------");
    FakeGateway guessing = fake(proving("ptk-a-guess"));

    assertThatThrownBy(() -> connect(guessing)).isInstanceOf(UnverifiedGatewayException.class);
    assertThat(guessing.received()).noneMatch(text -> text.contains(TOKEN));
  }

  @Test
  void aPeerThatProvesItHoldsTheTokenGetsHostAuthAndTheClientConnects() throws Exception {
    tokenFile("rw-------");
    FakeGateway real = fake(proving(TOKEN));

    GatewayClient client = connect(real);

    assertThat(client.isConnected().join()).isTrue();
    assertThat(real.received())
        .extracting(text -> json(text).get("cmd").asText())
        .containsExactly("host.challenge", "host.auth");
    assertThat(json(real.received().get(1)).get("token").asText()).isEqualTo(TOKEN);
  }

  /**
   * The review of issue 32: a {@code gateway.port} left by a killed gateway names a port another
   * process now holds, and it relays to the live gateway (here a fake that holds the token and
   * proves itself as the gateway does). The proof is for the live gateway's port, not the one the
   * host dialled: refused, and the relay hears no token and no command.
   */
  @Test
  void aProcessOnAStalePortThatRelaysToTheLiveGatewayIsRefusedAndNeverSeesTheToken()
      throws Exception {
    tokenFile("rw-------");
    FakeGateway live = fake(proving(TOKEN));
    RecordingRelay relay = RecordingRelay.start(live.port());
    toClose.add(relay);
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), Integer.toString(relay.port()));

    assertThatThrownBy(
            () -> toClose.add(GatewayClient.connect(home, 1, GatewayClientOptions.defaults())))
        .isInstanceOf(UnverifiedGatewayException.class)
        .hasMessageContaining("is not the gateway of " + home)
        .hasMessageContaining("relays to the gateway at 127.0.0.1:" + live.port());
    assertThat(relay.fromGateway())
        .as("the live gateway's answer went through")
        .anyMatch(text -> text.contains("\"proof\""));
    assertThat(relay.fromHost())
        .as("what the host sent through the relay")
        .singleElement()
        .satisfies(
            text -> {
              assertThat(json(text).get("cmd").asText()).isEqualTo("host.challenge");
              assertThat(text).doesNotContain(TOKEN);
            });
  }

  /**
   * A proof made with the right token for another address (here the same port on ::1) is refused,
   * even when the answer claims the address the host dialled: the host checks the proof against
   * where it connected, and takes nothing the answer says on trust.
   */
  @Test
  void aProofForAnotherAddressIsRefusedWhateverEndpointTheAnswerClaims() throws Exception {
    tokenFile("rw-------");
    FakeGateway elsewhere =
        fake(
            (acceptedOn, text) -> {
              JsonNode command = json(text);
              if (!command.path("cmd").asText().equals("host.challenge")) {
                return FakeGateway.okToEverything("host.auth", AUTH_OK).apply(text);
              }
              InetSocketAddress ipv6 = new InetSocketAddress(ipv6Loopback(), acceptedOn.getPort());
              String proof =
                  new HostChallenge(null, command.get("nonce").asText()).proof(TOKEN, ipv6);
              return "{\"id\":"
                  + command.get("id")
                  + ",\"ok\":true,\"proof\":\""
                  + proof
                  + "\",\"endpoint\":\""
                  + HostChallenge.endpoint(acceptedOn)
                  + "\"}";
            });

    assertThatThrownBy(() -> connect(elsewhere))
        .isInstanceOf(UnverifiedGatewayException.class)
        .hasMessageContaining(
            "it did not prove that it holds this host's gateway token at 127.0.0.1:"
                + elsewhere.port());
    assertThat(elsewhere.received()).noneMatch(text -> text.contains(TOKEN));
  }

  private static InetAddress ipv6Loopback() {
    try {
      return InetAddress.getByName("::1");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aTokenGivenDirectlyIsShownOnlyToAPeerThatProvesItHoldsItToo() throws Exception {
    FakeGateway fake = fake(FakeGateway.okToEverything("host.auth", AUTH_OK));

    assertThatThrownBy(
            () ->
                GatewayClient.connect(URI.create("ws://127.0.0.1:" + fake.port() + "/host"), TOKEN))
        .isInstanceOf(UnverifiedGatewayException.class)
        .hasMessageContaining("is not the gateway at ws://127.0.0.1:" + fake.port());
    assertThat(fake.received()).noneMatch(text -> text.contains(TOKEN));
  }

  @Test
  void aTokenFileOtherUsersCouldHaveWrittenIsRefusedAtOnceAndNothingIsContacted() throws Exception {
    tokenFile("rw-rw-rw-");
    FakeGateway fake = fake(proving(TOKEN));

    assertThatThrownBy(() -> connect(fake))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining("writable by other users")
        .hasMessageContaining("chmod go-w " + home.resolve(GatewayHome.TOKEN_FILE));
    assertThat(fake.received()).isEmpty();
  }

  @Test
  void aTokenFileOtherUsersMayReadIsRefusedAtOnceAndNothingIsContacted() throws Exception {
    tokenFile("rw-r-----");
    FakeGateway fake = fake(proving(TOKEN));

    assertThatThrownBy(() -> connect(fake))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining("readable by other users")
        .hasMessageContaining("chmod go-rwx " + home.resolve(GatewayHome.TOKEN_FILE));
    assertThat(fake.received()).isEmpty();
  }

  /**
   * A peer that holds {@code token} and proves it as the gateway does, for the address it accepted
   * the connection on, then takes {@code host.auth} (the proof's formula is checked against the
   * documented one in HostCodecTest).
   */
  private static FakeGateway.Answer proving(String token) {
    return FakeGateway.proving(token, FakeGateway.okToEverything("host.auth", AUTH_OK));
  }
}
