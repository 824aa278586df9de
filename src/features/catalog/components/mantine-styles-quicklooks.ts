/** The quicklook panel's Mantine CSS (a chunk of its own, loaded with the first quicklook on the map). */
import '@mantine/core/styles/Slider.css'
import '@mantine/core/styles/Switch.css'
