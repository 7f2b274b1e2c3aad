#pragma once

namespace vtw {

/// Running least-squares fit of y = a + b x, fed one sample at a time (no
/// storage), for the maneuvers that measure a gradient.
class LinearFit {
public:
    void add(double x, double y) {
        m_n += 1.0;
        m_sx += x;
        m_sy += y;
        m_sxx += x * x;
        m_sxy += x * y;
    }
    double count() const { return m_n; }
    /// Enough samples with enough spread in x to trust the slope.
    bool valid(double minSamples = 100.0) const { return m_n >= minSamples && spread() > 0.0; }
    double slope() const { return spread() > 0.0 ? (m_n * m_sxy - m_sx * m_sy) / spread() : 0.0; }

private:
    double spread() const { return m_n * m_sxx - m_sx * m_sx; }
    double m_n = 0.0, m_sx = 0.0, m_sy = 0.0, m_sxx = 0.0, m_sxy = 0.0;
};

} // namespace vtw
