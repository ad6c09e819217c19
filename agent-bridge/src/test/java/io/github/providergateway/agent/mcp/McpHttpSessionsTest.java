package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The front door's session table and its bounds, with fake sessions: no gateway, no server. */
class McpHttpSessionsTest {

  private static final ClientTokens.Client ALICE = new ClientTokens.Client("alice", "a");
  private static final ClientTokens.Client BOB = new ClientTokens.Client("bob", "b");

  private final McpHttpSessions<FakeSession> table =
      new McpHttpSessions<>(3, 2, new SplittableRandom(5));

  /** A session that keeps what is done to it. */
  private final class FakeSession implements McpHttpSessions.Entry {
    final String id;
    final ClientTokens.Client client;
    Instant lastActive = Instant.EPOCH;
    boolean busy;
    boolean closed;

    FakeSession(String id, ClientTokens.Client client) {
      this.id = id;
      this.client = client;
    }

    @Override
    public String id() {
      return id;
    }

    @Override
    public ClientTokens.Client client() {
      return client;
    }

    @Override
    public boolean hasRequestsInProgress() {
      return busy;
    }

    @Override
    public Instant lastActive() {
      return lastActive;
    }

    @Override
    public void close() {
      closed = true;
      table.ended(this);
    }
  }

  private FakeSession open(ClientTokens.Client client) {
    McpHttpSessions.Opening<FakeSession> opening =
        table.open(client, id -> new FakeSession(id, client));
    assertThat(opening.refusal()).isNull();
    return opening.session();
  }

  private McpHttpError refusalOf(ClientTokens.Client client) {
    McpHttpSessions.Opening<FakeSession> opening =
        table.open(client, id -> new FakeSession(id, client));
    assertThat(opening.session()).isNull();
    return opening.refusal();
  }

  @Test
  void aSessionHasARandomUrlSafeIdAndIsFoundOnlyByItsOwnClient() {
    FakeSession session = open(ALICE);
    assertThat(session.id()).matches("[A-Za-z0-9_-]{43}");
    assertThat(table.find(session.id(), ALICE)).contains(session);
    assertThat(table.find(session.id(), BOB)).isEmpty();
    assertThat(table.find("nobody", ALICE)).isEmpty();
  }

  @Test
  void aClientAtItsMostLosesItsSessionUsedLongestAgoThatHasNoRequestInProgress() {
    FakeSession oldestBusy = open(ALICE);
    oldestBusy.busy = true;
    FakeSession older = open(ALICE);
    older.lastActive = Instant.EPOCH.plusSeconds(1);
    FakeSession newer = open(ALICE);
    assertThat(newer).isNotNull();
    assertThat(older.closed).isTrue();
    assertThat(oldestBusy.closed).isFalse();
    assertThat(table.find(older.id(), ALICE)).isEmpty();
    assertThat(table.count()).isEqualTo(2);
  }

  @Test
  void aClientWhoseSessionsAllHaveRequestsInProgressGets429AndOthersStillOpen() {
    open(ALICE).busy = true;
    open(ALICE).busy = true;
    McpHttpError refusal = refusalOf(ALICE);
    assertThat(refusal.status()).isEqualTo(429);
    assertThat(refusal.message()).contains("2 MCP sessions all have requests in progress");
    open(BOB);
  }

  @Test
  void pastTheMostSessionsOfAllClientsANewClientGets503() {
    open(ALICE);
    open(ALICE);
    open(BOB);
    McpHttpError refusal = refusalOf(new ClientTokens.Client("carol", "c"));
    assertThat(refusal.status()).isEqualTo(503);
    assertThat(refusal.message()).contains("3 MCP sessions open");
  }

  @Test
  void anEndedSessionIsForgottenButAnotherUnderTheSameIdIsNot() {
    FakeSession session = open(ALICE);
    table.ended(new FakeSession(session.id(), ALICE));
    assertThat(table.find(session.id(), ALICE)).contains(session);
    session.close();
    assertThat(table.find(session.id(), ALICE)).isEmpty();
    assertThat(table.count()).isZero();
  }

  @Test
  void theSessionsOfRevokedClientsEndAndOthersGoOn() {
    FakeSession alices = open(ALICE);
    FakeSession bobs = open(BOB);
    table.endRevoked(ALICE::equals);
    assertThat(alices.closed).isTrue();
    assertThat(bobs.closed).isFalse();
    assertThat(table.count()).isEqualTo(1);
  }

  @Test
  void closeAllEndsEverySessionAndThenOpeningIs503() {
    FakeSession alices = open(ALICE);
    FakeSession bobs = open(BOB);
    table.closeAll();
    assertThat(alices.closed).isTrue();
    assertThat(bobs.closed).isTrue();
    assertThat(refusalOf(ALICE).status()).isEqualTo(503);
    table.closeAll();
  }
}
