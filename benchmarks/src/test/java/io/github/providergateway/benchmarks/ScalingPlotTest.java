package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScalingPlotTest {

  @Test
  void stepsAreOneTwoOrFiveTimesAPowerOfTen() {
    assertThat(PlotScale.niceStep(97, 5)).isEqualTo(20);
    assertThat(PlotScale.niceStep(100, 5)).isEqualTo(20);
    assertThat(PlotScale.niceStep(101, 5)).isEqualTo(50);
    assertThat(PlotScale.niceStep(0.9, 5)).isCloseTo(0.2, within(1e-12));
    assertThat(PlotScale.niceStep(7, 7)).isEqualTo(1);
    assertThat(PlotScale.niceStep(130, 6)).isEqualTo(50);
    assertThatThrownBy(() -> PlotScale.niceStep(0, 5)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aLinearScaleStartsAtZeroAndEndsOnTheFirstTickAtOrAboveTheMaximum() {
    // A vertical axis: 0 at the bottom row 500, the top tick at row 100.
    PlotScale y = PlotScale.linearFromZero(97, 500, 100, 5);
    assertThat(y.ticks()).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0, 100.0);
    assertThat(y.max()).isEqualTo(100);
    assertThat(y.pixel(0)).isEqualTo(500);
    assertThat(y.pixel(100)).isEqualTo(100);
    assertThat(y.pixel(50)).isEqualTo(300);
  }

  @Test
  void aLinearScaleOfNothingStillHasAnAxis() {
    PlotScale y = PlotScale.linearFromZero(0, 500, 100, 5);
    assertThat(y.max()).isEqualTo(1);
    assertThat(y.ticks()).startsWith(0.0).endsWith(1.0);
  }

  @Test
  void aLogScaleGivesEqualRoomToEachFactor() {
    PlotScale x = PlotScale.log10(1, 100, 100, 300, List.of(1.0, 10.0, 100.0));
    assertThat(x.pixel(1)).isEqualTo(100);
    assertThat(x.pixel(10)).isCloseTo(200, within(1e-9));
    assertThat(x.pixel(100)).isCloseTo(300, within(1e-9));
    assertThat(x.pixel(50)).isCloseTo(100 + 200 * Math.log10(50) / 2, within(1e-9));
    assertThatThrownBy(() -> PlotScale.log10(0, 100, 0, 1, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tickLabelsShowNoMoreDecimalsThanTheValueHas() {
    assertThat(PlotScale.label(20)).isEqualTo("20");
    assertThat(PlotScale.label(0.2)).isEqualTo("0.2");
    assertThat(PlotScale.label(2.5)).isEqualTo("2.5");
    assertThat(PlotScale.label(0)).isEqualTo("0");
  }

  @Test
  void theChartIsWrittenAsAPngWithSomethingDrawnOnIt(@TempDir Path dir) throws Exception {
    ScalingPlot.Series providers =
        new ScalingPlot.Series(
            "providers in one session",
            ScalingPlot.color(0),
            List.of(
                new ScalingPlot.Point(10, 80, 75, 82),
                new ScalingPlot.Point(1, 95, 90, 99),
                new ScalingPlot.Point(50, 60, 58, 61)));
    ScalingPlot.Series sessions =
        new ScalingPlot.Series(
            "sessions, one provider each",
            ScalingPlot.color(1),
            List.of(new ScalingPlot.Point(1, 95, 90, 99), new ScalingPlot.Point(100, 40, 38, 45)));
    assertThat(providers.points())
        .extracting(ScalingPlot.Point::x)
        .containsExactly(1.0, 10.0, 50.0);

    Path png = dir.resolve("scaling.png");
    ScalingPlot.write(
        png,
        "title",
        "providers or sessions (log scale)",
        List.of(
            new ScalingPlot.Panel(
                "Calls per second", "k calls/s", 1, List.of(providers, sessions))),
        "footnote");

    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(Files.size(png)).isPositive();
    assertThat(image.getWidth()).isEqualTo(ScalingPlot.WIDTH);
    assertThat(image.getHeight()).isEqualTo(ScalingPlot.HEIGHT);
    long coloured = 0;
    for (int x = 0; x < image.getWidth(); x += 2) {
      for (int y = 0; y < image.getHeight(); y += 2) {
        if ((image.getRGB(x, y) & 0xffffff) == (ScalingPlot.color(0).getRGB() & 0xffffff)) {
          coloured++;
        }
      }
    }
    assertThat(coloured).as("pixels in the first series' colour").isGreaterThan(50);
  }
}
