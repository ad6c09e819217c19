package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthMode;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec vectors for authentication and the session list that answers it: {@code auth}, {@code
 * auth.confirm}, {@code auth.pairing}, {@code sessions} and {@code sessions.updated}. Each JSON is
 * copied from the spec (v2 or core profile), with placeholders made concrete.
 */
class AuthMessagesTest {

  @Test
  void authWithTokenDecodesAndReencodes() {
    // v2 "auth — authenticate on connect" and core "Authentication" ("ptk-a8f3..." made concrete).
    String json =
        """
        { "type": "auth", "token": "ptk-a8f3e91b" }""";

    Auth auth = decodeProvider(json, Auth.class);

    assertThat(auth.token()).isEqualTo("ptk-a8f3e91b");
    assertThat(auth.mode()).isNull();
    assertThat(auth).isEqualTo(Auth.withToken("ptk-a8f3e91b"));
    assertEncodesTo(auth, json);
  }

  @Test
  void authWithExternalTokenDecodesAndReencodes() {
    // v2 "External providers", step 7: reconnect with the issued token.
    String json =
        """
        { "type": "auth", "token": "ext-tok-9f2b41c7" }""";

    Auth auth = decodeProvider(json, Auth.class);

    assertThat(auth.token()).isEqualTo("ext-tok-9f2b41c7");
    assertEncodesTo(auth, json);
  }

  @Test
  void authAskingForPairingDecodesAndReencodes() {
    String json =
        """
        { "type": "auth", "mode": "pair" }""";

    Auth auth = decodeProvider(json, Auth.class);

    assertThat(auth.token()).isNull();
    assertThat(auth.mode()).isEqualTo(AuthMode.PAIR);
    assertThat(auth).isEqualTo(Auth.pair());
    assertEncodesTo(auth, json);
  }

  @Test
  void authConfirmDecodesAndReencodes() {
    String json =
        """
        { "type": "auth.confirm", "code": "847293" }""";

    AuthConfirm confirm = decodeProvider(json, AuthConfirm.class);

    assertThat(confirm.code()).isEqualTo("847293");
    assertEncodesTo(confirm, json);
  }

  @Test
  void authPairingDecodesAndReencodes() {
    String json =
        """
        {
        "type": "auth.pairing",
        "prompt": "Enter the pairing code the provider gateway shows in your session's timeline"
        }""";

    AuthPairing pairing = decodeGateway(json, AuthPairing.class);

    assertThat(pairing.prompt()).isEqualTo(AuthPairing.DEFAULT_PROMPT);
    assertEncodesTo(pairing, json);
  }

  @Test
  void sessionsWithTokenAfterPairingDecodesAndReencodes() {
    // v2 "External providers", step 6 ("ext-tok-9f2b..." made concrete).
    String json =
        """
        {
        "type": "sessions",
        "token": "ext-tok-9f2b41c7",
        "active": [
        { "id": "abc123", "label": "PR #42 review" }
        ]
        }""";

    Sessions sessions = decodeGateway(json, Sessions.class);

    assertThat(sessions.token()).isEqualTo("ext-tok-9f2b41c7");
    assertThat(sessions.active())
        .containsExactly(new SessionInfo("abc123", "PR #42 review", null, null));
    assertEncodesTo(sessions, json);
  }

  @Test
  void sessionsWithTokenAndCwdDecodesAndReencodes() {
    // v2 "sessions — active session list".
    String json =
        """
        {
        "type": "sessions",
        "token": "ext-tok-9f2b41c7",
        "active": [
        { "id": "abc123", "label": "PR #42 review", "cwd": "/code/foo" },
        { "id": "def456", "label": "feature/auth", "cwd": "/code/bar" }
        ]
        }""";

    Sessions sessions = decodeGateway(json, Sessions.class);

    assertThat(sessions.token()).isEqualTo("ext-tok-9f2b41c7");
    assertThat(sessions.active())
        .containsExactly(
            new SessionInfo("abc123", "PR #42 review", "/code/foo", null),
            new SessionInfo("def456", "feature/auth", "/code/bar", null));
    assertEncodesTo(sessions, json);
  }

  @Test
  void sessionsWithoutTokenDecodesAndReencodes() {
    // Core profile "sessions".
    String json =
        """
        { "type": "sessions", "active": [{ "id": "abc123", "label": "PR #42", "cwd": "/code/foo" }] }""";

    Sessions sessions = decodeGateway(json, Sessions.class);

    assertThat(sessions.token()).isNull();
    assertThat(sessions.active())
        .containsExactly(new SessionInfo("abc123", "PR #42", "/code/foo", null));
    assertThat(sessions).isEqualTo(Sessions.of(sessions.active()));
    assertEncodesTo(sessions, json);
  }

  @Test
  void sessionsWithNoActiveSessionDecodesAndReencodes() {
    // The quickstart's "active": [...] may be empty: the examples handle "active.length === 0".
    String json =
        """
        { "type": "sessions", "active": [] }""";

    Sessions sessions = decodeGateway(json, Sessions.class);

    assertThat(sessions.active()).isEmpty();
    assertEncodesTo(sessions, json);
  }

  @Test
  void sessionsUpdatedWithTheRegistryShapeDecodesAndReencodes() {
    // "Same shape as sessions"; entries from v2 "Session registry", foreground included.
    String json =
        """
        {
        "type": "sessions.updated",
        "active": [
        { "id": "abc", "label": "PR #42 review", "cwd": "/code/foo", "foreground": true },
        { "id": "def", "label": "feature/auth", "cwd": "/code/bar", "foreground": false }
        ]
        }""";

    SessionsUpdated updated = decodeGateway(json, SessionsUpdated.class);

    assertThat(updated.active())
        .containsExactly(
            new SessionInfo("abc", "PR #42 review", "/code/foo", true),
            new SessionInfo("def", "feature/auth", "/code/bar", false));
    assertEncodesTo(updated, json);
  }

  @Test
  void sessionsSayWhoOpenedEachAsItsKindAndDecodeItBack() {
    // Ours (decision 68): "openedBy" beside the spec's fields; absent for the host's own session.
    String json =
        """
        {
        "type": "sessions.updated",
        "active": [
        { "id": "a", "label": "claude", "cwd": "/code/foo", "openedBy": "agent" },
        { "id": "c", "label": "claude", "cwd": "/code/foo", "openedBy": "client" },
        { "id": "h", "label": "console", "cwd": "/code" }
        ]
        }""";

    SessionsUpdated updated = decodeGateway(json, SessionsUpdated.class);

    assertThat(updated.active())
        .extracting(SessionInfo::opener)
        .containsExactly(SessionOpener.AGENT, SessionOpener.CLIENT, SessionOpener.HOST);
    assertEncodesTo(updated, json);
  }

  @Test
  void openedByAbsentOrNullIsTheHostsAndAnUnknownNeighbourIsIgnored() {
    SessionsUpdated nulled =
        decodeGateway(
            """
            { "type": "sessions.updated", "active": [{ "id": "a", "openedBy": null }] }""",
            SessionsUpdated.class);
    SessionsUpdated neighbour =
        decodeGateway(
            """
            { "type": "sessions.updated",
              "active": [{ "id": "a", "colour": {"x": 1}, "openedBy": "client" }] }""",
            SessionsUpdated.class);

    assertThat(nulled.active()).containsExactly(new SessionInfo("a", null, null, null));
    assertThat(nulled.active().get(0).opener()).isEqualTo(SessionOpener.HOST);
    assertThat(neighbour.active().get(0).opener()).isEqualTo(SessionOpener.CLIENT);
    assertEncodesTo(
        new SessionsUpdated(List.of(new SessionInfo("a", null, null, null, null))),
        """
        { "type": "sessions.updated", "active": [{ "id": "a" }] }""");
  }

  @Test
  void providersAreToldOnlyTheKindOfOpenerNeverAClientsName() {
    // A host-side record given to the codec as it is: the client's name does not reach the wire.
    assertEncodesTo(
        new SessionsUpdated(List.of(new SessionInfo("c", "claude", null, null, "mcp-http:decoy"))),
        """
        { "type": "sessions.updated", "active": [{ "id": "c", "label": "claude", "openedBy": "client" }] }""");
  }

  @Test
  void sessionInfoWithoutCwdHidesOnlyTheCwd() {
    SessionInfo info = new SessionInfo("abc", "PR #42 review", "/code/foo", true);

    assertThat(info.withoutCwd()).isEqualTo(new SessionInfo("abc", "PR #42 review", null, true));
  }
}
