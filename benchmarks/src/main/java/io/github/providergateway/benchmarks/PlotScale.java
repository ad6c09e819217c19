package io.github.providergateway.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One axis of {@link ScalingPlot}: values to pixels, and the ticks to label. Linear from zero (a
 * cost axis: where zero is matters), or logarithmic (counts from 1 to 100).
 */
final class PlotScale {

  private final double min;
  private final double max;
  private final boolean log;
  private final double fromPixel;
  private final double toPixel;
  private final List<Double> ticks;

  private PlotScale(
      double min, double max, boolean log, double fromPixel, double toPixel, List<Double> ticks) {
    this.min = min;
    this.max = max;
    this.log = log;
    this.fromPixel = fromPixel;
    this.toPixel = toPixel;
    this.ticks = List.copyOf(ticks);
  }

  /**
   * From 0 at {@code fromPixel} to the first tick at or above {@code maxValue} at {@code toPixel},
   * with ticks every {@link #niceStep} (at most about {@code maxTicks} of them). For a vertical
   * axis {@code fromPixel} is the bottom, the larger pixel row.
   */
  static PlotScale linearFromZero(double maxValue, double fromPixel, double toPixel, int maxTicks) {
    double top = maxValue > 0 && Double.isFinite(maxValue) ? maxValue : 1;
    double step = niceStep(top, maxTicks);
    int steps = (int) Math.ceil(top / step - 1e-9);
    List<Double> ticks = new ArrayList<>();
    for (int i = 0; i <= steps; i++) {
      ticks.add(i * step);
    }
    return new PlotScale(0, steps * step, false, fromPixel, toPixel, ticks);
  }

  /** Logarithmic from {@code min} to {@code max} (both positive), labelled at {@code ticks}. */
  static PlotScale log10(
      double min, double max, double fromPixel, double toPixel, List<Double> ticks) {
    if (!(min > 0) || !(max > min)) {
      throw new IllegalArgumentException(
          "a log scale needs 0 < min < max, had " + min + ".." + max);
    }
    return new PlotScale(min, max, true, fromPixel, toPixel, ticks);
  }

  /** The pixel of {@code value} (outside the range it extrapolates). */
  double pixel(double value) {
    double share =
        log
            ? (Math.log10(value) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
            : (value - min) / (max - min);
    return fromPixel + share * (toPixel - fromPixel);
  }

  double max() {
    return max;
  }

  List<Double> ticks() {
    return ticks;
  }

  /**
   * A step of 1, 2 or 5 times a power of ten that cuts {@code range} into at most {@code maxTicks}
   * parts: 97 in 5 is 20, 0.9 in 5 is 0.2.
   */
  static double niceStep(double range, int maxTicks) {
    if (!(range > 0) || maxTicks < 1) {
      throw new IllegalArgumentException(
          "niceStep needs a positive range and tick count, had " + range + ", " + maxTicks);
    }
    double raw = range / maxTicks;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double multiple : new double[] {1, 2, 5, 10}) {
      if (multiple * magnitude >= raw * (1 - 1e-9)) {
        return multiple * magnitude;
      }
    }
    return 10 * magnitude;
  }

  /** A tick's label: no decimals for whole numbers, else as few as show it (0.2, 2.5). */
  static String label(double value) {
    if (Math.abs(value - Math.rint(value)) < 1e-9) {
      return String.format(Locale.ROOT, "%d", (long) Math.rint(value));
    }
    String text = String.format(Locale.ROOT, "%.3f", value);
    return text.replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
