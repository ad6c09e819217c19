package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import org.junit.jupiter.api.Test;

/**
 * The exact edges of the inbound backlog (X-WS-10): reading stops once a connection's waiting text
 * passes its limit, or all connections' pass theirs, and starts again at half.
 */
class InboundBacklogLimitsTest {

  private final InboundBacklog backlog = new InboundBacklog(100, 40);
  private final RecordingProviderConnection first = new RecordingProviderConnection("flow");
  private final RecordingProviderConnection second = new RecordingProviderConnection("flow");
  private final InboundBacklog.Share a = backlog.share(first);
  private final InboundBacklog.Share b = backlog.share(second);

  @Test
  void aConnectionAtItsLimitReadsOnAndOneCharPastItIsSuspended() {
    a.added(20);
    a.added(20);
    assertThat(a.readingSuspended()).isFalse();

    a.added(1);

    assertThat(a.readingSuspended()).isTrue();
    assertThat(first.flow()).containsExactly("suspend");
    assertThat(a.waiting()).isEqualTo(41);
    assertThat(backlog.total()).isEqualTo(41);
  }

  @Test
  void itResumesOnceItsWaitingTextIsBackToHalfItsLimit() {
    a.added(20);
    a.added(21);

    a.removed(20);
    assertThat(a.readingSuspended()).as("21 waiting: above half of 40").isTrue();
    a.removed(1);

    assertThat(a.readingSuspended()).isFalse();
    assertThat(first.flow()).containsExactly("suspend", "resume");
  }

  @Test
  void oneMessageAloneNeverSuspendsWhateverItsSize() {
    a.added(1_000);

    assertThat(a.readingSuspended()).isFalse();
    assertThat(first.flow()).isEmpty();
  }

  @Test
  void theTotalSuspendsTheConnectionThatPassesItAndAnyRemovalMayResumeItAtHalfTheTotal() {
    RecordingProviderConnection third = new RecordingProviderConnection("flow");
    InboundBacklog.Share c = backlog.share(third);
    b.added(20);
    b.added(20);
    c.added(20);
    c.added(19);
    a.added(21);
    assertThat(a.readingSuspended()).as("100 in all: at the limit").isFalse();

    a.added(1);

    assertThat(a.readingSuspended()).as("101 in all").isTrue();
    assertThat(b.readingSuspended()).isFalse();
    b.removed(40);
    a.removed(2);
    c.removed(8);
    assertThat(a.readingSuspended()).as("51 in all: above half of 100").isTrue();
    c.removed(1);
    assertThat(a.readingSuspended())
        .as("50 in all, resumed by another connection's removal")
        .isFalse();
    assertThat(first.flow()).containsExactly("suspend", "resume");
    assertThat(second.flow()).isEmpty();
    assertThat(third.flow()).isEmpty();
  }
}
