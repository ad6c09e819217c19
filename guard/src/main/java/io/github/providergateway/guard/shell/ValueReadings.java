package io.github.providergateway.guard.shell;

import java.util.HashMap;
import java.util.Map;

/**
 * Which value each variable of several values ({@link Variables#assignMaybe}) takes in one reading
 * of a command, so that the command is read with every combination of them: {@code a} that may be
 * {@code ls} or {@code rm} and {@code b} that may be {@code -rf} or {@code -l} make four readings,
 * not the first with the first and the second with the second ({@code a=ls; b=-rf; [ -d / ] &&
 * a=rm; [ -d /nope ] && b=-l; $a $b ~} is {@code rm -rf ~}). A reading is a number whose digits,
 * each in the base of one variable's number of values, pick each variable's value, the variables
 * numbered in the order the substitution meets them.
 */
final class ValueReadings {
  /**
   * The most readings of one command: past it the readings are cut, and {@link #tooMany} says so
   * (the resolver reads the command as not known).
   */
  static final int MOST = 64;

  /** How many readings the substitution has met so far: the product of the bases, capped. */
  private int readings;

  /** The reading being made. */
  private int pick;

  /** Each variable of several values met in this substitution, with its digit's stride. */
  private final Map<String, Integer> strides = new HashMap<>();

  /** Begins a substitution that makes reading {@code pick}. */
  void start(int pick) {
    this.pick = pick;
    readings = 0;
    strides.clear();
  }

  /** Makes the first reading, for a word substituted alone (a redirection's target). */
  void first() {
    pick = 0;
  }

  /**
   * Which value a variable takes in this reading.
   *
   * @param name the variable
   * @param count how many values it may have, at least 2
   * @return the value's number, 0 for the value it was given first
   */
  int choose(String name, int count) {
    Integer stride = strides.get(name);
    if (stride == null) {
      stride = Math.max(1, readings);
      strides.put(name, stride);
      readings = (int) Math.min((long) stride * count, MOST + 1L);
    }
    return stride > MOST ? 0 : pick / stride % count;
  }

  /** {@return how many readings the last substitution has, at least 1} */
  int count() {
    return Math.max(1, readings);
  }

  /** {@return whether the last substitution has more readings than {@link #MOST}} */
  boolean tooMany() {
    return readings > MOST;
  }
}
