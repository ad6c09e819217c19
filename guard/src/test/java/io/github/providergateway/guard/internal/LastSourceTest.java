package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LastSourceTest {
  private final AtomicInteger reads = new AtomicInteger();

  private final LastSource<List<String>> tokens =
      new LastSource<>(
          text -> {
            reads.incrementAndGet();
            return CommandTokens.split(text);
          });

  @Test
  void theSameTextIsReadOnce() {
    String call = "RAILS_ENV=production bin/rails db:migrate";
    List<String> first = tokens.of(call);
    assertThat(tokens.of(call)).isSameAs(first);
    assertThat(reads).hasValue(1);
  }

  @Test
  void anEqualTextThatIsAnotherObjectIsReadAgainAndGivesTheSameTokens() {
    String call = "cd terraform/envs/prod && terraform apply";
    String same = new String(call.toCharArray());
    assertThat(tokens.of(same)).isEqualTo(tokens.of(call));
    assertThat(reads).hasValue(2);
  }

  @Test
  void anotherTextReplacesTheKeptOne() {
    String first = "echo one";
    String second = "echo two";
    tokens.of(first);
    assertThat(tokens.of(second)).containsExactly("echo", "two");
    assertThat(tokens.of(first)).containsExactly("echo", "one");
    assertThat(reads).hasValue(3);
  }

  @Test
  void eachThreadKeepsItsOwn() throws InterruptedException {
    String call = "make deploy ENV=prod";
    tokens.of(call);
    Thread other = new Thread(() -> tokens.of(call));
    other.start();
    other.join();
    assertThat(reads).hasValue(2);
  }

  @Test
  void whatIsKeptCannotBeChangedByAReader() {
    List<String> kept = CommandTokens.of("kubectl delete ns payments");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> kept.add("x"))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
