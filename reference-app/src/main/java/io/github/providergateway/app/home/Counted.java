package io.github.providergateway.app.home;

/**
 * A count with its noun in the number it takes, for what the commands print: {@code 1 rule}, {@code
 * 2 rules}, {@code 1 allow entry} (issue 77: setup and its neighbours said "1 rules", "a block of 1
 * lines").
 */
public final class Counted {

  private Counted() {}

  /** {@return {@code n} and {@code noun}, with an {@code s} unless {@code n} is 1} */
  public static String of(long n, String noun) {
    return of(n, noun, noun + "s");
  }

  /** {@return {@code n} and {@code one} when it is 1, else {@code n} and {@code many}} */
  public static String of(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
