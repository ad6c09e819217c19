package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.app.home.StartupException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a running gateway's parts are closed: the last started first, each once, each always. */
class ReverseCloserTest {

  private final List<String> closed = new ArrayList<>();
  private final ReverseCloser closer = new ReverseCloser();

  @Test
  void closesTheLastPartAddedFirst() {
    closer.add(() -> closed.add("backend"));
    closer.add(() -> closed.add("gateway"));
    closer.add(() -> closed.add("server"));

    closer.close();

    assertThat(closed).containsExactly("server", "gateway", "backend");
  }

  @Test
  void closesEveryPartWhenOneFailsAndThrowsTheFirstFailureWithTheOthersInIt() {
    closer.add(() -> closed.add("lock"));
    closer.add(
        () -> {
          throw new IllegalStateException("gateway");
        });
    closer.add(
        () -> {
          throw new NoClassDefFoundError("server");
        });

    assertThatThrownBy(closer::close)
        .isInstanceOf(NoClassDefFoundError.class)
        .satisfies(
            first ->
                assertThat(first.getSuppressed())
                    .singleElement()
                    .isInstanceOf(IllegalStateException.class));
    assertThat(closed).containsExactly("lock");
  }

  @Test
  void closesEachPartOnce() {
    closer.add(() -> closed.add("gateway"));

    closer.close();
    closer.close();

    assertThat(closed).containsExactly("gateway");
  }

  @Test
  void aFailedStartKeepsWhatWentWrongInClosingInsideWhyItFailed() {
    closer.add(() -> closed.add("backend"));
    closer.add(
        () -> {
          throw new IllegalStateException("audit");
        });
    StartupException failure = new StartupException("port 9400 is already in use");

    closer.closeAfter(failure);

    assertThat(closed).containsExactly("backend");
    assertThat(failure.getSuppressed()).extracting(Throwable::getMessage).containsExactly("audit");
  }
}
