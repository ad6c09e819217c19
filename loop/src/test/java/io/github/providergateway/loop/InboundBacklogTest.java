package io.github.providergateway.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact edges of the inbound backlog (X-WS-10, and the host side's): reading stops once a
 * connection's waiting text or messages pass its limit, or all connections' pass theirs, and starts
 * again at half; a connection that goes on delivering its own limit again while suspended is
 * refused.
 */
class InboundBacklogTest {

  private final InboundBacklog backlog = new InboundBacklog(100, 40, 20, 8);
  private final List<String> first = new ArrayList<>();
  private final List<String> second = new ArrayList<>();
  private final InboundBacklog.Share a = share(first);
  private final InboundBacklog.Share b = share(second);

  private InboundBacklog.Share share(List<String> flow) {
    return backlog.share(() -> flow.add("suspend"), () -> flow.add("resume"));
  }

  @Test
  void aConnectionAtItsLimitReadsOnAndOneCharPastItIsSuspended() {
    a.added(20);
    a.added(20);
    assertThat(a.readingSuspended()).isFalse();

    assertThat(a.added(1)).isTrue();

    assertThat(a.readingSuspended()).isTrue();
    assertThat(first).containsExactly("suspend");
    assertThat(a.waiting()).isEqualTo(41);
    assertThat(backlog.total()).isEqualTo(41);
    assertThat(backlog.highWaterMark()).isEqualTo(41);
  }

  @Test
  void itResumesOnceItsWaitingTextIsBackToHalfItsLimit() {
    a.added(20);
    a.added(21);

    a.removed(20);
    assertThat(a.readingSuspended()).as("21 waiting: above half of 40").isTrue();
    a.removed(1);

    assertThat(a.readingSuspended()).isFalse();
    assertThat(first).containsExactly("suspend", "resume");
    assertThat(backlog.highWaterMark()).as("the most that ever waited").isEqualTo(41);
  }

  @Test
  void oneMessageAloneNeverSuspendsWhateverItsSize() {
    a.added(1_000);

    assertThat(a.readingSuspended()).isFalse();
    assertThat(first).isEmpty();
  }

  @Test
  void manySmallMessagesSuspendByTheirCountAndResumeAtHalfOfIt() {
    for (int i = 0; i < 8; i++) {
      a.added(1);
    }
    assertThat(a.readingSuspended()).as("8 messages: at the limit").isFalse();

    a.added(1);

    assertThat(a.readingSuspended()).as("9 messages of 1 char").isTrue();
    assertThat(a.waitingMessages()).isEqualTo(9);
    for (int i = 0; i < 4; i++) {
      a.removed(1);
    }
    assertThat(a.readingSuspended()).as("5 messages: above half of 8").isTrue();
    a.removed(1);
    assertThat(a.readingSuspended()).isFalse();
    assertThat(first).containsExactly("suspend", "resume");
  }

  @Test
  void theTotalSuspendsTheConnectionThatPassesItAndAnyRemovalMayResumeItAtHalfTheTotal() {
    List<String> third = new ArrayList<>();
    InboundBacklog.Share c = share(third);
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
    assertThat(first).containsExactly("suspend", "resume");
    assertThat(second).isEmpty();
    assertThat(third).isEmpty();
  }

  @Test
  void theTotalCountOfMessagesSuspendsTooWhileEachConnectionIsWithinItsOwn() {
    InboundBacklog wide = new InboundBacklog(1_000, 1_000, 10, 8);
    List<String> flowA = new ArrayList<>();
    List<String> flowB = new ArrayList<>();
    InboundBacklog.Share x = wide.share(() -> flowA.add("suspend"), () -> flowA.add("resume"));
    InboundBacklog.Share y = wide.share(() -> flowB.add("suspend"), () -> flowB.add("resume"));
    for (int i = 0; i < 5; i++) {
      x.added(1);
      y.added(1);
    }
    assertThat(flowA).isEmpty();
    assertThat(flowB).isEmpty();

    y.added(1);

    assertThat(flowB).as("11 messages in all").containsExactly("suspend");
    assertThat(wide.totalMessages()).isEqualTo(11);
  }

  @Test
  void whatACarrierHadAlreadyReadStillComesWhileSuspended() {
    a.added(41); // one message alone: no suspension
    a.added(1);
    assertThat(a.readingSuspended()).isTrue();

    // Up to its own limit again, in chars and in messages, is what was already read.
    for (int i = 0; i < 4; i++) {
      assertThat(a.added(10)).isTrue();
    }
  }

  @Test
  void theOneMessageBeingReadWhenSuspendedComesWhateverItsSize() {
    a.added(41);
    a.added(1);
    assertThat(a.readingSuspended()).isTrue();

    assertThat(a.added(1_000)).as("the line that was being read").isTrue();
  }

  @Test
  void aConnectionThatDeliversItsLimitAgainWhileSuspendedIsRefusedFromThenOn() {
    a.added(41);
    a.added(1);
    for (int i = 0; i < 4; i++) {
      a.added(10);
    }

    assertThat(a.added(1)).as("41 chars since it was told to stop").isFalse();

    assertThat(a.waiting()).as("the refused message is not counted").isEqualTo(82);
    assertThat(a.added(1)).as("refused from then on").isFalse();
    a.removed(41); // the loop drains what it took
    a.removed(1);
    for (int i = 0; i < 4; i++) {
      a.removed(10);
    }
    assertThat(a.waiting()).isZero();
    assertThat(a.readingSuspended()).as("it is being closed: no resume").isTrue();
    assertThat(first).containsExactly("suspend");
  }

  @Test
  void aConnectionThatDeliversItsMessageLimitAgainWhileSuspendedIsRefused() {
    for (int i = 0; i < 9; i++) {
      a.added(1);
    }
    assertThat(a.readingSuspended()).isTrue();
    for (int i = 0; i < 8; i++) {
      assertThat(a.added(1)).isTrue();
    }

    assertThat(a.added(1)).as("9 messages since it was told to stop").isFalse();
  }

  @Test
  void aResumedConnectionStartsItsCountAfresh() {
    a.added(41);
    a.added(1);
    a.added(30);
    a.removed(41);
    a.removed(1);
    a.removed(30);
    assertThat(first).containsExactly("suspend", "resume");

    a.added(41);
    a.added(1);
    assertThat(a.added(30)).as("30 since the second suspension").isTrue();
    assertThat(first).containsExactly("suspend", "resume", "suspend");
  }

  @Test
  void limitsMustBePositive() {
    assertThatThrownBy(() -> new InboundBacklog(100, 0, 10, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("perConnectionChars");
  }
}
