package io.github.providergateway.benchmarks;

import java.util.List;
import java.util.Locale;

/**
 * One measured quantity across the repeated runs, with its goal.
 *
 * @param id a stable key for the JSON file, e.g. {@code ws.sequential.p50}
 * @param label how the table names it
 * @param unit the unit of {@code values}, e.g. {@code µs}
 * @param decimals how many decimals the table shows
 * @param values one value per run (a run that could not measure it is absent)
 * @param goal what it should reach
 * @param note why it was skipped, or anything the reader needs; may be null
 */
record Figure(
    String id,
    String label,
    String unit,
    int decimals,
    List<Double> values,
    Goal goal,
    String note) {

  Figure {
    values = List.copyOf(values);
  }

  boolean measured() {
    return !values.isEmpty();
  }

  Summary summary() {
    return Summary.of(values);
  }

  /** {@code 61.2 (60.1–63.0) µs}, or {@code skipped} when nothing was measured. */
  String formatted() {
    if (!measured()) {
      return "skipped";
    }
    Summary s = summary();
    String text =
        s.runs() == 1
            ? number(s.median())
            : number(s.median()) + " (" + number(s.min()) + "–" + number(s.max()) + ")";
    return unit.isEmpty() ? text : text + " " + unit;
  }

  /**
   * The goal's verdict on the runs ({@link Goal#verdict(Summary)}), or {@code —} when not measured.
   */
  String verdict() {
    return measured() ? goal.verdict(summary()) : "—";
  }

  private String number(double value) {
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }
}
